import { domainKey } from "../../../lib/query-keys";

/** The query keys of expenses, fees, performance and satisfaction. */
export const expenseKeys = {
  all: domainKey("expenses"),
  mission: (missionId: string) => [...expenseKeys.all, "mission", missionId] as const,
  fees: (missionId: string) => [...expenseKeys.all, "fees", missionId] as const,
  auditor: (auditorId: string) => [...expenseKeys.all, "auditor", auditorId] as const,
  performance: (missionId: string) => [...expenseKeys.all, "performance", missionId] as const,
  auditorPerformance: (auditorId: string) => [...expenseKeys.all, "auditor-performance", auditorId] as const,
  satisfaction: (missionId: string) => [...expenseKeys.all, "satisfaction", missionId] as const,
  satisfactionForm: (token: string) => [...expenseKeys.all, "satisfaction-form", token] as const,
  statements: (auditorId: string, page: number) => [...expenseKeys.all, "statements", auditorId, page] as const,
  payments: (q: object) => [...expenseKeys.all, "payments", q] as const,
};
