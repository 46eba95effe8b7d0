/** GET /api/auditors/{id}/statement: the monthly statement, downloaded by the browser (PDF or XLSX). */
export const statementUrl = (auditorId: string, month: string, format: "pdf" | "xlsx") =>
  `/api/auditors/${auditorId}/statement?month=${month}&format=${format}`;
