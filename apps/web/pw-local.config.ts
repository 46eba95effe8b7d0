import base from "./playwright.config";

// Local only (not committed): reuse a server already started by hand on a loaded machine.
export default { ...base, webServer: { ...base.webServer, reuseExistingServer: true, timeout: 180_000 } };
