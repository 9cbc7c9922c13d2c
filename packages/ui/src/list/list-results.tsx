import { DataTable, type DataTableProps } from './data-table';
import { Pagination } from './pagination';

export interface ListResultsProps<T> extends Omit<DataTableProps<T>, 'rows' | 'loading'> {
  /** The page the server answered (`{ results, count }`); undefined until the first one arrives. */
  answer: { results: readonly T[]; count: number } | undefined;
  loading: boolean;
  /** The filter's paging (from the address). */
  paging: { page: number; pageSize: number };
  onPageChange: (page: number) => void;
}

/**
 * The body of a list screen: the table of the answered page (its loading and empty texts from
 * the caller), then the pager once something matched.
 */
export function ListResults<T>({ answer, loading, paging, onPageChange, ...table }: ListResultsProps<T>) {
  return (
    <>
      <DataTable {...table} rows={answer?.results ?? []} loading={loading} />
      {answer && answer.count > 0 && <Pagination page={paging.page} pageSize={paging.pageSize} count={answer.count} onPageChange={onPageChange} />}
    </>
  );
}
