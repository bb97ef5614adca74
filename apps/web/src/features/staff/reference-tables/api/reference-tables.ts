import type { ReferenceTableName } from '@passerelle/contract/reference-tables';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

const tablesKey = ['staff', 'reference-tables'] as const;

export const referenceTablesQueryOptions = () =>
  queryOptions({ queryKey: tablesKey, queryFn: ({ signal }) => call('GET /staff/settings/reference-tables', { signal }) });

export const useReferenceTables = () => useQuery(referenceTablesQueryOptions());

export interface ReferenceUpload {
  table: ReferenceTableName;
  file: File;
  source: string;
  sourceDate: string;
}

/** PUT /staff/settings/reference-tables/:table: the new version replaces the table whole, or nothing changes. */
export function useReplaceReferenceTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ table, file, source, sourceDate }: ReferenceUpload) => {
      const form = new FormData();
      form.append('source', source);
      form.append('sourceDate', sourceDate);
      form.append('file', file);
      return call('PUT /staff/settings/reference-tables/:table', { params: { table }, body: form });
    },
    onSuccess: (tables) => queryClient.setQueryData(tablesKey, tables),
  });
}
