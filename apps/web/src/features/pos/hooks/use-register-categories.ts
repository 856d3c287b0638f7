import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { categoryTreeQueryOptions } from '../../../lib/api/categories.api';
import { notifyError } from '../../../lib/notify';
import { isNetworkFailure, useConnectivity } from '../offline/connectivity';
import { localCategories } from '../offline/local-catalogue';

/**
 * The register's category filter: the branch's categories from the server online; offline (or with the
 * server out of reach) the categories of the products in IndexedDB, without an error toast.
 */
export function useRegisterCategories(branchId: string | null): {
  data: { id: string; name: string }[] | undefined;
  options: { value: string; label: string }[];
} {
  const online = useConnectivity((s) => s.online);
  const remote = useQuery({ ...categoryTreeQueryOptions(branchId ?? ''), enabled: Boolean(branchId) && online });
  const local = useQuery({
    queryKey: ['pos-local-categories', branchId ?? ''],
    queryFn: () => localCategories(branchId ?? ''),
    enabled: Boolean(branchId) && (!online || isNetworkFailure(remote.error)),
    networkMode: 'always',
  });
  useEffect(() => {
    if (remote.error && !isNetworkFailure(remote.error))
      notifyError('Failed to fetch categories', 'Error', 'fetch-categories');
  }, [remote.error]);
  const data = online && remote.data ? remote.data : local.data;
  // The category filter's options.
  const options = useMemo(() => (data ?? []).map((c) => ({ value: c.id, label: c.name })), [data]);
  return { data, options };
}
