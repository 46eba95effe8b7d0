import { canOpenAppRoute, hasPermission, type PermissionCode, type Requirement } from "@certidesk/shared";
import { useSession } from "./session-context";

/** Hides what the user may not do; the server decides anyway. */
export function useCan() {
  const { user } = useSession();
  const grants = user?.permissions ?? [];
  return {
    can: (code: PermissionCode, requirement: Requirement = "any") => hasPermission(grants, code, requirement),
    canOpen: (path: string) => canOpenAppRoute(path, grants),
    /** The server's policy decisions sent with the session (a user stored before they existed has none). */
    abilities: {
      readHrDocuments: user?.abilities?.readHrDocuments ?? false,
      manageBackups: user?.abilities?.manageBackups ?? false,
    },
  };
}
