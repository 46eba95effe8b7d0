import type { Session } from "./session.js";
import type { TestContext } from "./test-app.js";

/** A multipart/form-data body as a browser sends it: fields first, then the file. */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type?: string } | null,
  headers: Record<string, string> = {},
) {
  const boundary = `----certidesk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small but valid PDF with one line of text. */
export function samplePdf(text = "Procédure qualité"): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** An evaluator's expense declared as the web app sends it: the `expense` JSON field and its receipt. */
export function declareExpense(ctx: TestContext, session: Session, missionId: string, expense: object) {
  const body = multipartBody(
    { expense: JSON.stringify(expense) },
    { name: "ticket.pdf", data: samplePdf("Ticket"), type: "application/pdf" },
  );
  return ctx.app.inject({
    method: "POST",
    url: `/api/missions/${missionId}/expenses`,
    headers: { ...session.bearer, ...body.headers },
    payload: body.payload,
  });
}
