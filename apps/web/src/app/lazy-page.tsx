import type { ComponentType } from "react";

/**
 * A route's screen, fetched with its own chunk the first time the route is visited (React Router's
 * `lazy`): the sign-in page does not download the back office, nor a list the contract screen.
 *
 *   { path: "contract/:id", lazy: lazyPage(() => import("../features/contracts/components/ContractPage"), "ContractPage") }
 *
 * `import()` must stay a literal call here (not a computed path), so Vite can split the chunk.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}
