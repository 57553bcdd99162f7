import { CONTACT_ADDRESSES_TITLE } from "@camatlas/shared";
import type { ContactAddressReply } from "@camatlas/shared/api-contract";
import { mailtoHref } from "./mailto.ts";

/**
 * The Contact page's addresses (the `contact` setting, empty ones already left out by the API): one line each, or
 * nothing at all when none is set.
 */
export function ContactAddresses({ addresses }: { addresses: readonly ContactAddressReply[] | undefined }) {
  if (!addresses?.length) return null;
  return (
    <section aria-labelledby="contact-addresses" className="mt-10">
      <h2 id="contact-addresses" className="text-2xl font-bold text-ink">
        {CONTACT_ADDRESSES_TITLE}
      </h2>
      <dl className="mt-3 space-y-3">
        {addresses.map((line) => (
          <div key={line.key}>
            <dt className="text-sm text-ink-muted">{line.label}</dt>
            <dd>
              <a href={mailtoHref(line.email)} className="break-all font-medium text-accent underline">
                {line.email}
              </a>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
