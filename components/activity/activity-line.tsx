import Link from "next/link";
import type { AuditLine } from "@/lib/api-types";
import { LocalDateTime } from "@/components/ui/local-date-time";
import { lineDetail, lineVerb } from "./line-words";
import { productName } from "@/lib/words/product-name";

const LINK = "font-medium text-brand-700 underline";
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** One line: when, who, did what, to which product / shot / person, each named and linked. */
export function ActivityLine({ line }: { line: AuditLine }) {
  const { product, prediction } = line;
  return (
    <li className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:gap-4">
      <time dateTime={line.at} className="shrink-0 text-xs text-zinc-600 sm:w-40 sm:pt-0.5">
        <LocalDateTime value={line.at} />
      </time>
      <p className="text-sm text-zinc-800">
        <span className="font-medium">{line.actor.email || "Someone unknown"}</span> {lineVerb(line)}
        {product && (
          <>
            {" "}
            <Link prefetch={false} href={`/products/${encodeURIComponent(product.id)}`} className={LINK}>
              {productName(product.name)}
            </Link>
          </>
        )}
        {prediction && (
          <>
            {" "}
            <Link prefetch={false} href={`/predictions/${encodeURIComponent(prediction.id)}`} className={LINK}>
              {prediction.prompt ? `“${short(prediction.prompt)}”` : "(the shot)"}
            </Link>
          </>
        )}
        {line.target_email && <span className="font-medium"> {line.target_email}</span>}
        {lineDetail(line)}
      </p>
    </li>
  );
}
