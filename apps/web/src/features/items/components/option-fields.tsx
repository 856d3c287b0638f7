import { ActionIcon, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { ITEM_OPTIONS_MAX } from '@pos/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FieldErrors, type OptionDraft, optionValues } from '../utils/item-form';

type Props = {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  errors: FieldErrors;
};

/** The first error under a path ('options.0.values' or one of its values, 'options.0.values.2'). */
const errorUnder = (errors: FieldErrors, path: string) =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

/**
 * Up to three options, each a name and its values as tags (Enter or a comma after each; a pasted or typed
 * comma list is split). Every combination of the values is a variant.
 */
export function OptionFields({ options, onChange, errors }: Props) {
  const set = (index: number, patch: Partial<OptionDraft>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {options.length === 0
          ? 'No options: the item has one variant. Add an option (size, colour, ...) for a variant per value.'
          : 'Type each value and press Enter or a comma. Every combination of the values is a variant.'}
      </Text>
      {options.map((option, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list (names change as typed)
          <Group key={index} align="flex-start" wrap="wrap" gap="sm" data-testid="option-row">
            <TextInput
              label={`Option ${n} name`}
              placeholder={index === 0 ? 'Size' : index === 1 ? 'Colour' : 'Material'}
              value={option.name}
              onChange={(e) => set(index, { name: e.currentTarget.value })}
              error={errors[`options.${index}.name`]}
              required
              w={{ base: '100%', xs: 200 }}
            />
            <TagsInput
              label={`Option ${n} values`}
              placeholder={option.values.length === 0 ? 'S, M, L' : undefined}
              value={option.values}
              onChange={(tags) => set(index, { values: optionValues(tags) })}
              error={errorUnder(errors, `options.${index}.values`)}
              required
              clearable
              style={{ flex: '1 1 260px' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={25}
              size="lg"
              aria-label={`Remove option ${n}${option.name ? ` (${option.name})` : ''}`}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {errors.options ? (
        <Text size="sm" c="red" role="alert">
          {errors.options}
        </Text>
      ) : null}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => onChange([...options, { name: '', values: [] }])}
        disabled={options.length >= ITEM_OPTIONS_MAX}
        w="fit-content"
      >
        Add option
      </Button>
    </Stack>
  );
}
