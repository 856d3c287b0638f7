import { type Branch, canSwitchBranch } from '@pos/shared';
import { SearchablePicker } from '../../components/searchable-picker';
import { useSelectionStore } from '../../lib/selection-store';
import { useSessionUser } from '../../lib/session-store';
import { disabledPickerStyles, inlinePickerStyles } from './picker-styles';

export function BranchPicker({ branches, branchId }: { branches: Branch[]; branchId: string | null }) {
  const user = useSessionUser();
  const selectBranch = useSelectionStore((s) => s.selectBranch);
  const canSwitch = canSwitchBranch(user);
  const data = branches.map((b) => ({ value: b.id, label: b.name }));

  return (
    <SearchablePicker
      size="xs"
      styles={canSwitch ? inlinePickerStyles : disabledPickerStyles}
      label={canSwitch ? 'Branch' : 'Your branch'}
      placeholder={canSwitch ? 'Select branch' : 'Your branch'}
      data={data}
      value={branchId}
      onChange={selectBranch}
      disabled={!canSwitch}
      nothingFound="No branches found"
      w={{ base: '100%', sm: 260 }}
    />
  );
}
