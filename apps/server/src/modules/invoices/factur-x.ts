import type { InvoiceDocumentData } from "./invoice-document.js";
import { latePaymentMention, paymentTermsMention, sirenOf, VAT_EXEMPTION_REASON } from "./invoice-document.js";

/**
 * The Factur-X XML of an invoice: a UN/CEFACT Cross Industry Invoice (D16B) at the EN 16931
 * profile, built from the same frozen data as the PDF. Amounts are written from cents, so the sums
 * the business rules check (BR-CO-10 to BR-CO-16) hold exactly.
 */
export const FACTUR_X_FILE_NAME = "factur-x.xml";
export const EN16931_GUIDELINE = "urn:cen.eu:en16931:2017";

const esc = (v: string) =>
  v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const amount = (cents: number) => (cents / 100).toFixed(2);
const quantity = (q: number) => q.toFixed(2);
const percent = (rate: number) => (Math.round(rate * 10000) / 100).toFixed(2);
const date102 = (iso: string) => iso.replaceAll("-", "");
const category = (rate: number) => (rate === 0 ? "E" : "S");

/** UNTDID 1001: 380 commercial invoice, 386 prepayment (deposit) invoice, 381 credit note. */
export const typeCodeOf = (kind: InvoiceDocumentData["kind"]) =>
  kind === "CREDIT_NOTE" ? "381" : kind === "DEPOSIT" ? "386" : "380";

function el(name: string, content: string | null | undefined, attrs = ""): string {
  if (content === null || content === undefined || content === "") return "";
  return `<${name}${attrs ? ` ${attrs}` : ""}>${content}</${name}>`;
}
const text = (name: string, value: string | null | undefined, attrs = "") => (value ? el(name, esc(value), attrs) : "");

function address(p: InvoiceDocumentData["seller"]) {
  return el(
    "ram:PostalTradeAddress",
    text("ram:PostcodeCode", p.postalCode) +
      text("ram:LineOne", p.address) +
      text("ram:CityName", p.city) +
      "<ram:CountryID>FR</ram:CountryID>",
  );
}

export function buildFacturXml(d: InvoiceDocumentData): string {
  const sellerSiren = sirenOf(d.seller.siret) ?? d.seller.siren;
  const buyerId = d.buyerReference.buyerSiret
    ? text("ram:ID", d.buyerReference.buyerSiret, 'schemeID="0009"')
    : d.buyer.siret
      ? text("ram:ID", d.buyer.siret, 'schemeID="0009"')
      : text("ram:ID", d.buyer.siren, 'schemeID="0002"');
  const notes = [
    d.creditReason ? { code: "AAI", text: `Motif de l'avoir : ${d.creditReason}` } : null,
    d.notes ? { code: "AAI", text: d.notes } : null,
    { code: "PMD", text: latePaymentMention(d.terms) },
    { code: "PMT", text: "Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €." },
    { code: "AAB", text: "Pas d'escompte pour paiement anticipé." },
    d.seller.legalForm ? { code: "REG", text: `${d.seller.name}, ${d.seller.legalForm}` } : null,
  ].filter((n): n is { code: string; text: string } => n !== null);

  const lines = d.lines
    .map(
      (l, i) =>
        "<ram:IncludedSupplyChainTradeLineItem>" +
        `<ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct>${text("ram:Name", l.label)}</ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(l.unitPriceCents)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${quantity(l.quantity)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        "<ram:SpecifiedLineTradeSettlement>" +
        `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category(l.vatRate)}</ram:CategoryCode><ram:RateApplicablePercent>${percent(l.vatRate)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
        `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.totalHtCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
        "</ram:SpecifiedLineTradeSettlement>" +
        "</ram:IncludedSupplyChainTradeLineItem>",
    )
    .join("");

  const taxes = d.totals.vat
    .map(
      (v) =>
        "<ram:ApplicableTradeTax>" +
        `<ram:CalculatedAmount>${amount(v.vatCents)}</ram:CalculatedAmount>` +
        "<ram:TypeCode>VAT</ram:TypeCode>" +
        (v.vatRate === 0 ? text("ram:ExemptionReason", VAT_EXEMPTION_REASON) : "") +
        `<ram:BasisAmount>${amount(v.baseCents)}</ram:BasisAmount>` +
        `<ram:CategoryCode>${category(v.vatRate)}</ram:CategoryCode>` +
        `<ram:RateApplicablePercent>${percent(v.vatRate)}</ram:RateApplicablePercent>` +
        "</ram:ApplicableTradeTax>",
    )
    .join("");

  const paymentMeans = d.terms.iban
    ? `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount>${text("ram:IBANID", d.terms.iban.replace(/\s/g, ""))}</ram:PayeePartyCreditorFinancialAccount>${d.terms.bic ? `<ram:PayeeSpecifiedCreditorFinancialInstitution>${text("ram:BICID", d.terms.bic)}</ram:PayeeSpecifiedCreditorFinancialInstitution>` : ""}</ram:SpecifiedTradeSettlementPaymentMeans>`
    : "<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>1</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>";

  const t = d.totals;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">' +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${EN16931_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    "<rsm:ExchangedDocument>" +
    text("ram:ID", d.number) +
    `<ram:TypeCode>${typeCodeOf(d.kind)}</ram:TypeCode>` +
    `<ram:IssueDateTime><udt:DateTimeString format="102">${date102(d.issueDate)}</udt:DateTimeString></ram:IssueDateTime>` +
    notes
      .map(
        (n) =>
          `<ram:IncludedNote>${text("ram:Content", n.text)}<ram:SubjectCode>${n.code}</ram:SubjectCode></ram:IncludedNote>`,
      )
      .join("") +
    "</rsm:ExchangedDocument>" +
    "<rsm:SupplyChainTradeTransaction>" +
    lines +
    "<ram:ApplicableHeaderTradeAgreement>" +
    text("ram:BuyerReference", d.buyerReference.serviceCode) +
    "<ram:SellerTradeParty>" +
    text("ram:Name", d.seller.name) +
    (sellerSiren
      ? `<ram:SpecifiedLegalOrganization>${text("ram:ID", sellerSiren, 'schemeID="0002"')}</ram:SpecifiedLegalOrganization>`
      : "") +
    address(d.seller) +
    (d.seller.email
      ? `<ram:URIUniversalCommunication>${text("ram:URIID", d.seller.email, 'schemeID="EM"')}</ram:URIUniversalCommunication>`
      : "") +
    (d.seller.vatNumber
      ? `<ram:SpecifiedTaxRegistration>${text("ram:ID", d.seller.vatNumber.replace(/\s/g, ""), 'schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : "") +
    "</ram:SellerTradeParty>" +
    "<ram:BuyerTradeParty>" +
    text("ram:Name", d.buyer.name) +
    (buyerId ? `<ram:SpecifiedLegalOrganization>${buyerId}</ram:SpecifiedLegalOrganization>` : "") +
    address(d.buyer) +
    (d.buyer.email
      ? `<ram:URIUniversalCommunication>${text("ram:URIID", d.buyer.email, 'schemeID="EM"')}</ram:URIUniversalCommunication>`
      : "") +
    (d.buyer.vatNumber
      ? `<ram:SpecifiedTaxRegistration>${text("ram:ID", d.buyer.vatNumber.replace(/\s/g, ""), 'schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : "") +
    "</ram:BuyerTradeParty>" +
    (d.buyerReference.engagementNumber
      ? `<ram:BuyerOrderReferencedDocument>${text("ram:IssuerAssignedID", d.buyerReference.engagementNumber)}</ram:BuyerOrderReferencedDocument>`
      : "") +
    `<ram:ContractReferencedDocument>${text("ram:IssuerAssignedID", d.contractNumber)}</ram:ContractReferencedDocument>` +
    "</ram:ApplicableHeaderTradeAgreement>" +
    "<ram:ApplicableHeaderTradeDelivery>" +
    (d.deliveryDate
      ? `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">${date102(d.deliveryDate)}</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`
      : "") +
    "</ram:ApplicableHeaderTradeDelivery>" +
    "<ram:ApplicableHeaderTradeSettlement>" +
    text("ram:PaymentReference", d.number) +
    "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>" +
    paymentMeans +
    taxes +
    "<ram:SpecifiedTradePaymentTerms>" +
    text("ram:Description", paymentTermsMention(d.terms)) +
    `<ram:DueDateDateTime><udt:DateTimeString format="102">${date102(d.dueDate)}</udt:DateTimeString></ram:DueDateDateTime>` +
    "</ram:SpecifiedTradePaymentTerms>" +
    "<ram:SpecifiedTradeSettlementHeaderMonetarySummation>" +
    `<ram:LineTotalAmount>${amount(t.totalHtCents)}</ram:LineTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${amount(t.totalHtCents)}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="EUR">${amount(t.totalVatCents)}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${amount(t.totalTtcCents)}</ram:GrandTotalAmount>` +
    `<ram:DuePayableAmount>${amount(t.totalTtcCents)}</ram:DuePayableAmount>` +
    "</ram:SpecifiedTradeSettlementHeaderMonetarySummation>" +
    (d.creditedInvoice
      ? `<ram:InvoiceReferencedDocument>${text("ram:IssuerAssignedID", d.creditedInvoice.number)}<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date102(d.creditedInvoice.issueDate)}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
      : "") +
    "</ram:ApplicableHeaderTradeSettlement>" +
    "</rsm:SupplyChainTradeTransaction>" +
    "</rsm:CrossIndustryInvoice>\n"
  );
}

/** The XMP that declares the embedded XML (Factur-X 1.0, EN 16931), with its PDF/A extension schema. */
export function facturXmp(): string {
  const prop = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return `
        <rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#" rdf:about="">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
            <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property><rdf:Seq>
                    ${prop("DocumentFileName", "name of the embedded XML invoice file")}
                    ${prop("DocumentType", "INVOICE")}
                    ${prop("Version", "The actual version of the Factur-X XML schema")}
                    ${prop("ConformanceLevel", "The conformance level of the embedded Factur-X data")}
                </rdf:Seq></pdfaSchema:property>
            </rdf:li></rdf:Bag></pdfaExtension:schemas>
        </rdf:Description>
        `;
}
