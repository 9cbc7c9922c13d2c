import { DataTable, type DataTableProps } from './data-table';
import { Pagination } from './pagination';

export interface ListResultsProps<T> extends Omit<DataTableProps<T>, 'rows' | 'loading'> {
  /**
   * The page the server answered (`{ results, count }`); undefined until the first one arrives.
   * `estimated`: the count is an estimate; `next` and `previous`: the cursors that open the page
   * after and the page before by keyset (decision 123).
   */
  answer: { results: readonly T[]; count: number; estimated?: boolean; next?: string; previous?: string } | undefined;
  loading: boolean;
  /** The filter's paging (from the address). */
  paging: { page: number; pageSize: number };
  /** A page to show; `after` is the answer's `next` when it is the page after this one, its `previous` when the page before. */
  onPageChange: (page: number, after?: string) => void;
}

/**
 * The body of a list screen: the table of the answered page (its loading and empty texts from
 * the caller), then the pager once something matched.
 */
export function ListResults<T>({ answer, loading, paging, onPageChange, ...table }: ListResultsProps<T>) {
  return (
    <>
      <DataTable {...table} rows={answer?.results ?? []} loading={loading} />
      {answer && answer.count > 0 && (
        <Pagination
          page={paging.page}
          pageSize={paging.pageSize}
          count={answer.count}
          estimated={answer.estimated}
          hasNext={answer.results.length >= paging.pageSize}
          onPageChange={(page) => onPageChange(page, page === paging.page + 1 ? answer.next : page === paging.page - 1 ? answer.previous : undefined)}
        />
      )}
    </>
  );
}
