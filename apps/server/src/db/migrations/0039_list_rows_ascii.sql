-- The kept list rows (migrations 0035_client_list_row, 0037_prospect_list_row) written in ASCII, every other
-- character escaped as JSON allows (\u00e9, a surrogate pair beyond U+FFFF). The server sends a page's text as
-- the driver decoded it: with one character beyond Latin-1 (the tooltips' "—", "Œuvre"), Node decodes the
-- 60 kB into a two-byte string and encodes it again into the socket, 0.23 ms a page against 0.03 ms for ASCII
-- (docs/performance.md, 28 novembre). The browser's JSON.parse reads the escapes; so does PostgreSQL's ::json.
CREATE FUNCTION json_ascii(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  ch text;
  code int;
BEGIN
  -- Each distinct character once: a row holds a handful of them ("é", "—") among a thousand ASCII ones.
  FOR ch IN SELECT DISTINCT m[1] FROM regexp_matches(t, '([^\x01-\x7f])', 'g') m LOOP
    code := ascii(ch);
    t := replace(t, ch, CASE WHEN code < 65536 THEN '\u' || lpad(to_hex(code), 4, '0')
      ELSE '\u' || to_hex(55296 + ((code - 65536) >> 10)) || '\u' || to_hex(56320 + ((code - 65536) & 1023)) END);
  END LOOP;
  RETURN t;
END $$;
--> statement-breakpoint
-- The rows' definitions keep their bodies under another name; the triggers and the consistency checks call
-- client_list_row and prospect_list_row by name, now the escaped rows.
ALTER FUNCTION client_list_row(clients) RENAME TO client_list_row_unescaped;
--> statement-breakpoint
CREATE FUNCTION client_list_row(c clients) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_ascii(client_list_row_unescaped(c))
$$;
--> statement-breakpoint
ALTER FUNCTION prospect_list_row(request_clients) RENAME TO prospect_list_row_unescaped;
--> statement-breakpoint
CREATE FUNCTION prospect_list_row(r request_clients) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_ascii(prospect_list_row_unescaped(r))
$$;
--> statement-breakpoint
UPDATE clients c SET list_row = client_list_row(c) WHERE list_row ~ '[^\x01-\x7f]';
--> statement-breakpoint
UPDATE request_clients r SET list_row = prospect_list_row(r) WHERE list_row ~ '[^\x01-\x7f]';
