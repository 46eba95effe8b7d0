-- The lists' rows are built as JSON by the database (lib/sql-json.ts): the server sends that text as it is,
-- without decoding, mapping and encoding fifty rows again (docs/performance.md, 27 novembre 2026, soir).
-- A row's display texts then come from these functions, the SQL twins of packages/shared/src/format:
-- display-text.test.ts runs both on the same inputs and requires the same results.

-- JavaScript's String.prototype.trim(): its whitespace is Unicode's, not only the space that btrim removes.
CREATE FUNCTION display_trim(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    value,
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '',
    'g'
  )
$$;
--> statement-breakpoint

-- formatPhone (packages/shared/src/format/phone.ts): digits in pairs; a French international number as
-- "+33 6 12 34 56 78"; another country's as typed, its spaces collapsed. PL/pgSQL: as a SQL function with
-- subqueries it could not be inlined and cost 10 µs a call (0.5 ms a page of fifty rows), 1.6 µs so.
CREATE FUNCTION display_phone(value text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t text := coalesce(display_trim(value), '');
  d text;
  intl text;
BEGIN
  IF t = '' THEN RETURN ''; END IF;
  d := regexp_replace(t, '[^0-9]', '', 'g');
  IF d = '' THEN RETURN t; END IF;
  IF starts_with(t, '+') THEN intl := d;
  ELSIF starts_with(t, '00') THEN intl := substr(d, 3);
  ELSE RETURN rtrim(regexp_replace(d, '(..)', '\1 ', 'g'), ' ');
  END IF;
  IF starts_with(intl, '33') AND length(intl) = 11 THEN
    RETURN '+33 ' || substr(intl, 3, 1) || ' ' || rtrim(regexp_replace(substr(intl, 4), '(..)', '\1 ', 'g'), ' ');
  END IF;
  RETURN regexp_replace(t, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g');
END
$$;
