export { createBackupSchedule } from "./backup-schedule.js";
export { canManageBackups } from "./backups.policy.js";
export { backupsRoutes } from "./backups.routes.js";
export { createBackupsService } from "./backups.service.js";
