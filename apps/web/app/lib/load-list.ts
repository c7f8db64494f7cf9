import { ApiError, type ApiClient, type QueryParams } from "~/lib/api-client";

export interface ListPage<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

export type ListAnswer<T> =
  | { page: ListPage<T>; forbidden: false; invalid: false }
  | { page: null; forbidden: true; invalid: false }
  | { page: null; forbidden: false; invalid: true };

/**
 * One page of a list for a loader. A role that may not read the list (403) and a query the API
 * rejects (400) become states the page explains; anything else is the error page's business.
 */
export async function loadList<T>(api: ApiClient, path: string, params: QueryParams): Promise<ListAnswer<T>> {
  try {
    const answer = await api.get<ListPage<T>>(path, params);
    return { page: answer.data, forbidden: false, invalid: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      return { page: null, forbidden: true, invalid: false };
    if (error instanceof ApiError && error.status === 400)
      return { page: null, forbidden: false, invalid: true };
    throw error;
  }
}
