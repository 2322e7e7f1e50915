/** localStorage access that never throws (private mode, disabled storage, quota). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives in memory only */
    }
  },
  remove(...keys: string[]): void {
    for (const key of keys) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        /* nothing to remove */
      }
    }
  },
};
