import { useApprovalRequest } from '../store/approval-request';
import { useOfflineApprovalRequest } from '../store/offline-approval';
import { ApprovalModal, MountOnFirstOpen, OfflineApprovalModal } from './lazy-dialogs';

/** Whether a manager's approval is being asked (online or offline): the register's keys wait meanwhile. */
export function useIsApprovalOpen(): boolean {
  const approval = useApprovalRequest();
  const offlineApproval = useOfflineApprovalRequest();
  return approval.reason !== null || offlineApproval.request !== null;
}

/** The manager approval dialogs, each loaded when it is first asked for. */
export function ApprovalDialogs() {
  const approval = useApprovalRequest();
  const offlineApproval = useOfflineApprovalRequest();
  return (
    <>
      <MountOnFirstOpen opened={approval.reason !== null} onFailed={() => approval.answer?.(null)}>
        <ApprovalModal />
      </MountOnFirstOpen>
      <MountOnFirstOpen opened={offlineApproval.request !== null} onFailed={() => offlineApproval.answer?.(null)}>
        <OfflineApprovalModal />
      </MountOnFirstOpen>
    </>
  );
}
