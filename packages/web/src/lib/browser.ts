// Full-page navigations (the spec reloads after sign-in, logout and forced logout). Kept in one
// place so that tests can replace them.

export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Loads `path` as a new page (not a router navigation). */
  assign(path: string): void {
    window.location.assign(path);
  },
};
