import { schemaResolver } from '@mantine/form';

type StandardSchema = Parameters<typeof schemaResolver>[0];

/**
 * A synchronous @mantine/form validator from a zod schema of @pos/shared (zod 4 implements
 * Standard Schema): the first message of each field, keyed by its path.
 */
export function zodValidate(schema: StandardSchema) {
  return schemaResolver(schema, { sync: true });
}
