import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";

// The Asiiko logo: the leaf (the site's icon) and the product's name beside it, in the
// brand colour (`.brand-mark` in tailwind.css). It is plain markup, so pages sent without
// the app's JavaScript (landing, sign-in, offline) show it the same.

interface BrandMarkProps {
  /** The leaf's side in pixels. */
  size?: 28 | 32 | 48;
  /** What is written beside the leaf: the product's name unless given; `null` for the leaf alone. */
  label?: ReactNode;
  /** Makes it a link (to the home page, in the shell and on the sign-in page). */
  to?: string;
  onClick?: () => void;
  /** Without `to`: a span, or a paragraph of its own. */
  as?: "span" | "p";
  /** Text size, weight and visibility of the row (utilities win over `.brand-mark`). */
  className?: string;
}

export function BrandMark({ size = 32, label, to, onClick, as: Tag = "span", className }: BrandMarkProps) {
  const { t } = useTranslation();
  const leaf = <img src="/favicon.svg" alt="" width={size} height={size} />;
  if (label === null) return leaf;
  const classes = cn("brand-mark", className);
  const content = (
    <>
      {leaf}
      {label ?? t("brand.name")}
    </>
  );
  return to === undefined ? (
    <Tag className={classes}>{content}</Tag>
  ) : (
    <Link to={to} className={classes} onClick={onClick}>
      {content}
    </Link>
  );
}
