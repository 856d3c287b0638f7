import { Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PAGE_SIZE_OPTIONS, type PagedList } from '../lib/use-paged-list';

type ListToolbarProps = {
  list: Pick<PagedList, 'search' | 'setSearch' | 'pageSize' | 'setPageSize'>;
  /** 'brands' -> 'Search brands' and 'Brands per page' for screen readers. */
  entity: string;
  placeholder: string;
  mb?: string;
};

/** The search box and page-size picker above every server-paged list. */
export function ListToolbar({ list, entity, placeholder, mb }: ListToolbarProps) {
  const plural = entity.charAt(0).toUpperCase() + entity.slice(1);
  return (
    <Group justify="space-between" mb={mb} wrap="wrap">
      <TextInput
        placeholder={placeholder}
        aria-label={`Search ${entity}`}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        style={{ flex: 1, minWidth: 220 }}
      />
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Per page
        </Text>
        <Select
          aria-label={`${plural} per page`}
          data={PAGE_SIZE_OPTIONS}
          value={String(list.pageSize)}
          onChange={list.setPageSize}
          allowDeselect={false}
          w={80}
        />
      </Group>
    </Group>
  );
}
