import { describe, expect, it } from "vitest";
import { oneTypoAway, phraseOf, queryWords } from "./query-words.js";

const texts = (typed: string) => queryWords(typed).map((w) => w.text);

describe("query words", () => {
  it("folds accents and case, drops punctuation around words, repeats and words of one character", () => {
    expect(texts("  Résidence  L'ŒUVRE (87), résidence à Brest ")).toEqual(["residence", "l'oeuvre", "87", "brest"]);
    expect(phraseOf(queryWords("EHPAD  Les Tilleuls"))).toBe("ehpad les tilleuls");
    expect(texts("a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii jj kk")).toHaveLength(
      10,
    );
  });

  it("joins a phone number typed by pairs and an amount typed by thousands, not a year and a counter", () => {
    expect(texts("06 12 34 56 78")).toEqual(["0612345678"]);
    expect(texts("+33 6 12 34 56 78")).toEqual(["0612345678"]);
    expect(texts("+33 (0)6 12 34 56 78")).toEqual(["0612345678"]);
    expect(texts("0033 6 12 34 56 78")).toEqual(["0612345678"]);
    expect(texts("3 900,00 €")).toEqual(["3900,00"]);
    expect(texts("75 014 Paris")).toEqual(["75014", "paris"]);
    expect(texts("2026 0042")).toEqual(["2026", "0042"]);
  });

  it("gives each word the forms a record may hold it under", () => {
    const [number] = queryWords("F-2026-0042");
    expect(number).toMatchObject({ text: "f-2026-0042", compact: "f20260042", phone: null, cents: null });
    expect(number?.patterns).toEqual(["%f-2026-0042%"]);
    expect(queryWords("06.12.34.56.78")[0]).toMatchObject({ phone: "0612345678", cents: null });
    expect(queryWords("3900,5")[0]).toMatchObject({ cents: 390050, compact: "39005" });
    expect(queryWords("12345678")[0]?.cents, "ten million euros and more: an identifier").toBeNull();
    expect(queryWords("100%_x")[0]?.patterns).toEqual(["%100\\%\\_x%"]);
  });

  it("searches a word of two characters only at the start of a word, and corrects only letters, five or more", () => {
    const [short, long, four] = queryWords("le tilleuls nord");
    expect(short).toMatchObject({ indexable: false, correctable: false, patterns: ["le%", "% le%", "%\nle%"] });
    expect(long).toMatchObject({ indexable: true, correctable: true });
    expect(four).toMatchObject({ indexable: true, correctable: false });
    expect(queryWords("ehpad2")[0]?.correctable).toBe(false);
  });

  it("lists the words one typo away: a letter left out, added, replaced, or two neighbours swapped", () => {
    const variants = oneTypoAway("ehapd");
    expect(variants).toEqual(expect.arrayContaining(["ehpad", "ehad", "ehapds", "ehaps"]));
    expect(variants).not.toContain("ehapd");
    expect(oneTypoAway("moullin")).toContain("moulin");
    expect(oneTypoAway("moulin"), "two typos away").not.toContain("muolni");
    // n deletions, n - 1 swaps, 25n replacements, 26(n + 1) insertions, less the repeats.
    expect(oneTypoAway("abcde").length).toBeLessThanOrEqual(5 + 4 + 125 + 156);
  });
});
