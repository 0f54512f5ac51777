import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { EmailField, MobileField, NameField } from "~/components/contact-fields";
import { TextareaField } from "~/components/form-field";
import { MapEmbed } from "~/components/map-embed";
import { NewTabLink } from "~/components/new-tab-link";
import { PageHeader } from "~/components/page-header";
import { PublicForm } from "~/components/public-form";
import { SocialIcon } from "~/components/social-icons";
import { localeOfPath, localeOfRequest, sectionLang, translator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { isDiallable, telHref, whatsAppHref } from "~/lib/tel";
import { isWeekly, weeklyServicesText } from "~/lib/service-times";
import { serviceWhenIn } from "~/lib/dates-in-language";
import { useSiteFrame } from "~/lib/site-frame";
import { connectSchema, LIMITS } from "~/schemas/public-forms";
import { CHURCH_SECTION, PRIVACY_SECTION, SERVICE_TIMES_SECTION } from "~/schemas/site-sections";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { saveVisitorMessage } from "~/server/people/visitors.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/connect";
import { factsOf } from "~/server/http/request-context.server";

// The message form is sent in the background where scripts run; the map loads on request.
export const handle: PageHandle = { enhancements: ["forms", "map"] };
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const { serviceTimes, englishOnly } = await getSiteContent(locale);
  return {
    serviceTimes: serviceTimes.map((service) => ({
      name: service.name,
      when: serviceWhenIn(locale, service),
    })),
    weeklyServices:
      locale === "en"
        ? weeklyServicesText(serviceTimes)
        : serviceTimes
            .filter(isWeekly)
            .map((service) => `${service.name} ${serviceWhenIn(locale, service)}`)
            .join(", "),
    // The church's own texts that stand in English on a Filipino page (issue 39).
    lang: {
      church: sectionLang(englishOnly, CHURCH_SECTION.id),
      services: sectionLang(englishOnly, SERVICE_TIMES_SECTION.id),
      privacy: sectionLang(englishOnly, PRIVACY_SECTION.id),
    },
  };
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta(
    matches,
    t("connect.title"),
    t("connect.metaDescription", { services: loaderData?.weeklyServices ?? "" }),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOfRequest(request));
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: connectSchema,
    failureTitle: t("forms.submissionFailed"),
    save: async (visitor, { locale }) => {
      await saveVisitorMessage({ ...visitor, language: locale }, siteOrigin());
      return { title: t("connect.successTitle"), description: t("connect.successDescription") };
    },
  });
}

const CONTACT_LINK = "font-medium text-primary underline-offset-4 hover:underline";

function ContactItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-navy">{title}</h3>
        <div className="mt-1 text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

export default function Connect({ loaderData }: Route.ComponentProps) {
  const { church, socialLinks } = useSiteFrame();
  const t = useT();
  const href = useLocalePath();
  const { lang } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={t("connect.eyebrow")}
        title={t("connect.title")}
        description={t("connect.description")}
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-5 lg:items-start lg:gap-12 lg:px-8">
        <section
          aria-labelledby="message-heading"
          className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="message-heading" className="text-2xl font-bold text-navy">
            {t("connect.formTitle")}
          </h2>
          <p className="mt-2 text-muted-foreground">{t("connect.formDescription")}</p>
          <PublicForm
            name="connect"
            action={href("/connect")}
            submitLabel={t("connect.submit")}
            privacyLang={lang.privacy}
            className="mt-6"
          >
            {(state) => (
              <>
                <NameField id="name" label={t("forms.name")} state={state} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <MobileField id="mobile" state={state} />
                  <EmailField id="email" state={state} />
                </div>
                <TextareaField
                  id="message"
                  name="message"
                  label={t("forms.message")}
                  rows={5}
                  required
                  maxLength={LIMITS.message}
                  error={state.errors.message}
                  defaultValue={state.values.message}
                />
              </>
            )}
          </PublicForm>
          {/* Care (issue 38): a request to pray for, kept apart from the inbox and private if they wish. */}
          <p className="mt-6 border-t border-border pt-4 text-sm text-muted-foreground">
            {t("connect.prayerAsk")}{" "}
            <a href={href("/prayer")} className="font-medium text-primary underline underline-offset-4">
              {t("connect.prayerLink")}
            </a>
            {t("connect.prayerPrivately")}
          </p>
        </section>

        <div className="grid content-start gap-8 lg:col-span-2">
          <section aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="text-2xl font-bold text-navy">
              {t("connect.getInTouch")}
            </h2>
            <ul className="mt-6 grid gap-6">
              <ContactItem
                icon={<MapPin className="size-5" aria-hidden="true" />}
                title={t("connect.address")}
              >
                <NewTabLink href={church.mapsUrl} opens="Google Maps" className={CONTACT_LINK}>
                  {lang.church ? <span lang={lang.church}>{church.address}</span> : church.address}
                </NewTabLink>
              </ContactItem>
              <ContactItem icon={<Phone className="size-5" aria-hidden="true" />} title={t("connect.phone")}>
                {/* Until the church sets its own, the spec's placeholder is shown but not dialled. */}
                {isDiallable(church.phone) ? (
                  <a href={telHref(church.phone)} className={CONTACT_LINK}>
                    {church.phone}
                  </a>
                ) : (
                  <span>{church.phone}</span>
                )}
              </ContactItem>
              {church.whatsapp ? (
                <ContactItem icon={<MessageCircle className="size-5" aria-hidden="true" />} title="WhatsApp">
                  <NewTabLink href={whatsAppHref(church.whatsapp)} opens="WhatsApp" className={CONTACT_LINK}>
                    {t("connect.whatsApp", { number: church.whatsapp })}
                  </NewTabLink>
                </ContactItem>
              ) : null}
              <ContactItem icon={<Mail className="size-5" aria-hidden="true" />} title={t("forms.email")}>
                <a
                  href={`mailto:${church.email}`}
                  className="break-all font-medium text-primary underline-offset-4 hover:underline"
                >
                  {church.email}
                </a>
              </ContactItem>
              <ContactItem
                icon={<Clock className="size-5" aria-hidden="true" />}
                title={t("connect.serviceTimes")}
              >
                <ul className="grid gap-1">
                  {loaderData.serviceTimes.map((service) => (
                    <li key={`${service.name} ${service.when}`}>
                      <span className="font-medium text-navy" lang={lang.services}>
                        {service.name}:
                      </span>{" "}
                      <span className="whitespace-nowrap">{service.when}</span>
                    </li>
                  ))}
                </ul>
              </ContactItem>
            </ul>
          </section>

          <section aria-labelledby="follow-heading">
            <h2 id="follow-heading" className="text-xl font-bold text-navy">
              {t("connect.followUs")}
            </h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {socialLinks.map((link) => (
                <li key={link.name}>
                  <NewTabLink
                    href={link.href}
                    className="inline-flex h-11 items-center gap-2 rounded-full border border-border px-4 text-sm font-semibold text-navy transition-colors hover:bg-navy hover:text-white"
                  >
                    <SocialIcon name={link.name} className="size-5" />
                    {link.name}
                  </NewTabLink>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="map-heading" className="lg:col-span-5">
          <h2 id="map-heading" className="text-xl font-bold text-navy">
            {t("connect.findUs")}
          </h2>
          <MapEmbed
            query={church.mapQuery || church.address}
            title={t("connect.mapTitle", { church: church.name, address: church.address })}
            mapsUrl={church.mapsUrl}
            className="mt-4 lg:aspect-[21/8]"
          />
        </section>
      </div>
    </>
  );
}
