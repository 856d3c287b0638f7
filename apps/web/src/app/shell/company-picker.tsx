import { Box } from '@mantine/core';
import { type Branch, canSwitchCompany } from '@pos/shared';
import { Hint } from '../../components/popups/deferred';
import { SearchablePicker } from '../../components/searchable-picker';
import { switchCompanyBranch } from '../../lib/selection';
import { useSelectionStore } from '../../lib/selection-store';
import { useSessionUser } from '../../lib/session-store';
import { disabledPickerStyles, inlinePickerStyles } from './picker-styles';

export function CompanyPicker({ companyId }: { companyId: string | null }) {
  const user = useSessionUser();
  const currentBranchId = useSelectionStore((s) => s.branchId);
  const setSelection = useSelectionStore((s) => s.setSelection);
  const companies = user?.company ?? [];
  const data = companies.map((c) => ({ value: c.id, label: c.name }));

  if (!canSwitchCompany(user)) {
    return (
      <Hint label="Only super admins can switch companies" withArrow>
        <Box w={{ base: '100%', sm: 'auto' }}>
          <SearchablePicker
            size="xs"
            styles={disabledPickerStyles}
            label="Your company"
            placeholder="Your company"
            data={data}
            value={companyId}
            disabled
            w={{ base: '100%', sm: 260 }}
          />
        </Box>
      </Hint>
    );
  }

  const pick = (next: string) => {
    const branches: Branch[] = companies.find((c) => c.id === next)?.branches ?? [];
    setSelection({ companyId: next, branchId: switchCompanyBranch({ companyId: next, branches, currentBranchId }) });
  };

  return (
    <SearchablePicker
      size="xs"
      styles={inlinePickerStyles}
      label="Company"
      placeholder="Select company"
      data={data}
      value={companyId}
      onChange={pick}
      nothingFound="No companies found"
      w={{ base: '100%', sm: 260 }}
    />
  );
}
