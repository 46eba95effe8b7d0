import { Button, Group, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useEffect } from "react";
import { clampPage, DEFAULT_MAX_PAGE_LINKS, lastPageOf, pageItems, SMALL_SCREEN_QUERY } from "./page-items";

export interface PaginationProps {
  totalItems: number;
  itemsPerPage: number;
  currentPage: number;
  onPageChange: (page: number) => void;
  /** Visible items, ellipses included; default 7. */
  maxSize?: number;
  /** Forces the small-screen mode; by default it follows the viewport (below 601px). */
  smallScreen?: boolean;
}

function assertConfigured(props: PaginationProps) {
  // Developer error, not shown to users: a list wired without paging state is a bug.
  for (const name of ["itemsPerPage", "currentPage"] as const) {
    const value: unknown = props[name];
    if (value === undefined || value === null || Number.isNaN(value)) {
      throw new Error(`Pagination: "${name}" is required.`);
    }
  }
  if (props.itemsPerPage <= 0) throw new Error('Pagination: "itemsPerPage" must be positive.');
}

/** Previous / page links / next, with the current page as `n / last` (spec §2). */
export function Pagination(props: PaginationProps) {
  assertConfigured(props);
  const { totalItems, itemsPerPage, currentPage, onPageChange, maxSize = DEFAULT_MAX_PAGE_LINKS } = props;
  const matchesSmall = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const small = props.smallScreen ?? matchesSmall;
  const last = lastPageOf(totalItems, itemsPerPage);
  const page = clampPage(currentPage, last);

  useEffect(() => {
    if (page !== currentPage) onPageChange(page);
  }, [page, currentPage, onPageChange]);

  const go = (target: number) => {
    if (target < 1 || target > last || target === page) return;
    onPageChange(target);
  };

  return (
    <nav aria-label="Pagination">
      <Group gap={4} justify="center" wrap="nowrap">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          disabled={page <= 1}
          onClick={() => go(page - 1)}
        >
          Précédent
        </Button>
        {!small &&
          pageItems(page, last, maxSize).map((item) =>
            typeof item === "number" ? (
              <Button
                key={item}
                size="compact-sm"
                variant={item === page ? "filled" : "subtle"}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                onClick={() => go(item)}
              >
                {item}
              </Button>
            ) : (
              <Text key={item} component="span" size="sm" c="dimmed" aria-hidden>
                …
              </Text>
            ),
          )}
        <Text component="span" size="sm" px="xs" data-testid="pagination-status" aria-live="polite">
          {`${page} / ${last}`}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          disabled={page >= last}
          onClick={() => go(page + 1)}
        >
          Suivant
        </Button>
      </Group>
    </nav>
  );
}
