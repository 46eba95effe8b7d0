import type { CurrentUser } from "@certidesk/shared";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { clearStoredSession, readStoredUser, storeUser } from "./session-store";

interface SessionValue {
  user: CurrentUser | null;
  signIn(user: CurrentUser): void;
  signOut(): void;
  refresh(user: CurrentUser): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(() => readStoredUser());
  const signIn = useCallback((u: CurrentUser) => {
    storeUser(u);
    setUser(u);
  }, []);
  const signOut = useCallback(() => {
    clearStoredSession();
    setUser(null);
  }, []);
  const value = useMemo(() => ({ user, signIn, signOut, refresh: signIn }), [user, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}

/** The signed-in user's id, or null (signed out, or outside the provider: a unit test of a list). */
export function useSignedInUserId(): string | null {
  return useContext(SessionContext)?.user?.id ?? null;
}
