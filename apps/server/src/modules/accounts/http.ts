import { apiErrorSchema } from "@draftroom/contracts";

/** Error statuses a route documents in OpenAPI; every one has the `{detail, code, fields?}` shape. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** `next` / `previous` links of a `{count, next, previous, results}` page (1-based `page`). */
export function pageLinks(
  path: string,
  page: number,
  total: number,
  pageSize: number,
  query: Record<string, string | number | undefined> = {},
): { next: string | null; previous: string | null } {
  const link = (target: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== "" && key !== "page") params.set(key, String(value));
    }
    params.set("page", String(target));
    return `${path}?${params.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
  };
}
