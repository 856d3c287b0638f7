import { IMPORT_MAX_BYTES, IMPORT_MSG } from '@pos/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImport } from '../src/features/import/api/import.api';

describe('uploadImport', () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses a file over 50 MB at once, with the server's message, without sending it", async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const file = { size: IMPORT_MAX_BYTES + 1 } as Blob;
    const progress = vi.fn();
    await expect(
      uploadImport('products', 'preview', file, { branchId: 'b1', createMissing: false }, progress),
    ).rejects.toMatchObject({ status: 413, message: IMPORT_MSG.tooLarge });
    expect(open).not.toHaveBeenCalled();
    expect(progress).not.toHaveBeenCalled();
  });
});
