import { bulkResultSchema, bulkSelectionSchema, invoiceListQuerySchema } from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { InvoiceBulk } from "./invoice-bulk.js";
import { streamInvoiceWorkbook } from "./invoice-export.js";

const tags = ["factures"];
const body = bulkSelectionSchema(invoiceListQuerySchema);
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The invoices list's bulk actions: the ticked invoices ({ ids }) or all those of the list's filter ({ filter }). */
export function invoiceBulkRoutes(app: AppInstance, { bulk }: { bulk: InvoiceBulk }) {
  const writes = {
    send: "Envoyer les factures choisies (comme « Envoyer », une par une) ; le compte rendu nomme chaque refus",
    remind: "Relancer les factures choisies (impayées et échues) ; le compte rendu nomme chaque refus",
  } as const;
  for (const [action, summary] of Object.entries(writes) as Array<[keyof typeof writes, string]>)
    app.post(
      `/api/invoices/bulk/${action}`,
      {
        config: { access: { code: "INVOICE", op: "update" } },
        schema: { tags, summary, body, response: { 200: bulkResultSchema } },
      },
      async (request) => bulk[action](requireActor(request), request.body, request.id),
    );

  app.post(
    "/api/invoices/bulk/export",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: { tags, summary: "Export XLSX des factures choisies", body },
    },
    async (request, reply) => {
      const stream = await streamInvoiceWorkbook(bulk.exportBatches(requireActor(request), request.body), new Date());
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", 'attachment; filename="factures-selection.xlsx"')
        .send(stream);
    },
  );
}
