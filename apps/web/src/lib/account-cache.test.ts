import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { forgetDataOnAccountChange } from "./account-cache.ts";
import type { AuthState } from "./auth.ts";
import { createStore } from "./store.ts";

const signedIn = (id: number, username: string): AuthState => ({
  user: {
    id,
    username,
    email: `${username}@example.com`,
    first_name: "",
    last_name: "",
    preferences: {
      theme: "light",
      language: "en",
      custom_hues: { primary: 0, secondary: 0, accent: 0, neutral: 0 },
    },
    date_joined: "2026-01-01T00:00:00.000Z",
  },
  token: `token-${id}`,
  isAuthenticated: true,
  isLoading: false,
  error: null,
});
const signedOut: AuthState = {
  user: null,
  token: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
};
const loading: AuthState = { ...signedOut, isLoading: true };

function setUp() {
  const store = createStore<AuthState>(loading);
  const client = new QueryClient();
  const stop = forgetDataOnAccountChange(store, client);
  const cache = (value: string) => client.setQueryData(["drafts", "sessions"], value);
  const cached = () => client.getQueryData<string>(["drafts", "sessions"]);
  return { store, cache, cached, stop };
}

describe("the query cache follows the signed-in account", () => {
  it("keeps what was fetched ahead for the session being restored, and a profile update", () => {
    const { store, cache, cached, stop } = setUp();
    cache("ana's drafts");
    store.set(signedIn(1, "ana"));
    expect(cached()).toBe("ana's drafts");
    store.set({ ...signedIn(1, "ana_renamed") });
    expect(cached()).toBe("ana's drafts");
    stop();
  });

  it("forgets an account's data when it signs out, and before another signs in", () => {
    const { store, cache, cached, stop } = setUp();
    store.set(signedIn(1, "ana"));
    cache("ana's drafts");
    store.set(signedOut);
    expect(cached()).toBeUndefined();
    cache("public list");
    store.set(signedIn(2, "eve"));
    expect(cached()).toBeUndefined();
    // Straight from one account to another (a register while another was signed in): forgotten too.
    cache("eve's drafts");
    store.set(signedIn(3, "zed"));
    expect(cached()).toBeUndefined();
    stop();
  });
});
