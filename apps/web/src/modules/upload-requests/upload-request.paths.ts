/** The visitor's page of a request, within the app (appPath adds the base path). */
export const requestHref = (slug: string) => `/r/${encodeURIComponent(slug)}`;
