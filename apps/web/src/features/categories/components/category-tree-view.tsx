import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Category } from '@pos/shared';
import {
  IconChevronDown,
  IconChevronRight,
  IconFolder,
  IconFolderOpen,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { CategoryNode } from '../utils/category-tree';

type Props = {
  nodes: CategoryNode<Category>[];
  expandedIds: ReadonlySet<string>;
  matchedIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onAddChild: (node: CategoryNode<Category>) => void;
  onDelete: (node: CategoryNode<Category>) => void;
};

const INDENT = 28;

function CategoryRow({ node, ...props }: Props & { node: CategoryNode<Category> }) {
  const { category, children, depth, path } = node;
  const hasChildren = children.length > 0;
  const isExpanded = hasChildren && props.expandedIds.has(category.id);
  const isMatch = props.matchedIds.has(category.id);
  const FolderIcon = isExpanded ? IconFolderOpen : IconFolder;

  return (
    <>
      <Group
        role="treeitem"
        aria-level={depth + 1}
        aria-expanded={hasChildren ? isExpanded : undefined}
        data-testid="category-row"
        wrap="nowrap"
        gap="xs"
        py={6}
        pr="xs"
        pl={depth * INDENT + 4}
        style={{
          borderBottom: '1px solid var(--mantine-color-default-border)',
          background: isMatch ? 'var(--mantine-color-yellow-light)' : undefined,
        }}
      >
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${category.name}`}
            onClick={() => props.onToggle(category.id)}
          >
            {isExpanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <FolderIcon size={18} color="var(--mantine-color-blue-6)" aria-hidden />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={depth === 0 ? 600 : 500}>{category.name}</Text>
            {depth > 0 ? (
              <Badge variant="light" color="gray" size="sm" tt="none" title="Category path">
                {path.join(' › ')}
              </Badge>
            ) : null}
            {node.childCount > 0 ? (
              <Badge variant="light" size="sm" tt="none">
                {node.childCount} {node.childCount === 1 ? 'subcategory' : 'subcategories'}
              </Badge>
            ) : null}
          </Group>
          {category.description ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {category.description}
            </Text>
          ) : null}
        </Box>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Add subcategory">
            <ActionIcon
              variant="light"
              aria-label={`Add subcategory to ${category.name}`}
              onClick={() => props.onAddChild(node)}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="light"
              color="red"
              aria-label={`Delete ${category.name}`}
              onClick={() => props.onDelete(node)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {isExpanded ? (
        <Box role="group">
          {children.map((child) => (
            <CategoryRow key={child.category.id} node={child} {...props} />
          ))}
        </Box>
      ) : null}
    </>
  );
}

/** The expandable category tree; every row shows its path as a breadcrumb badge below the top level. */
export function CategoryTreeView(props: Props) {
  return (
    <Stack gap={0} role="tree" aria-label="Categories">
      {props.nodes.map((node) => (
        <CategoryRow key={node.category.id} node={node} {...props} />
      ))}
    </Stack>
  );
}
