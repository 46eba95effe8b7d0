/** The accessibility module's public surface: the statement's texts (Settings › Accessibilité) and its page. */
export { accessibilityRoutes } from "./accessibility.routes.js";
export { type AccessibilityService, createAccessibilityService } from "./accessibility.service.js";
