import { ArrowLeft, CalendarClock, UserRound, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, useSearchParams } from "react-router";
import { PageDialogTrigger, PageFormDialog } from "~/components/page-dialog";
import { EmailField, MobileField, NameField } from "~/components/contact-fields";
import { MinistryLogo } from "~/components/ministry-logo";
import { PageHeader } from "~/components/page-header";
import { FormResultNotice, PublicForm } from "~/components/public-form";
import { buttonVariants } from "~/components/ui/button";
import { YouTubeEmbed } from "~/components/youtube-embed";
import { RichText } from "~/components/rich-text";
import type { PublicMinistry } from "~/server/site/site-content.server";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { localeOfPath, localeOfRequest, sectionLang, translator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { ministryJoinSchema } from "~/schemas/public-forms";
import { ministrySectionKey, PRIVACY_SECTION } from "~/schemas/site-sections";
import { loadMinistryMedia, type MinistryMedia } from "~/server/content/ministries.server";
import { AppError } from "~/server/http/errors.server";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { saveMinistryRegistration } from "~/server/people/registrations.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/detail";
import { ResponsiveImage } from "~/components/responsive-image";
import { factsOf } from "~/server/http/request-context.server";

const JOIN_PARAM = "join";

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  if (!loaderData || loaderData.notFound) {
    const t = translator(localeOfPath(location.pathname));
    return pageMeta(matches, t("ministry.notFoundTitle"), t("ministry.notFoundText"));
  }
  return pageMeta(matches, loaderData.ministry.name, loaderData.ministry.description);
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const content = await getSiteContent(localeOfRequest(request));
  const ministry = content.ministryBySlug(params.slug);
  if (!ministry) return data({ notFound: true as const }, { status: 404 });
  const media = await loadMinistryMedia(ministry.slug);
  return data({
    notFound: false as const,
    ministry,
    ...media,
    defaultImageUrl: content.defaultMinistryImage,
    // The ministry's texts and the privacy texts when they stand in English on a Filipino page.
    lang: {
      ministry: sectionLang(content.englishOnly, ministrySectionKey(ministry.slug)),
      privacy: sectionLang(content.englishOnly, PRIVACY_SECTION.id),
    },
  });
}

// The join form opens in a modal and is sent in the background; the videos play on request.
export const handle: PageHandle = { enhancements: ["dialogs", "forms", "video"] };
export const clientLoader = loadAsDocument;

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const t = translator(locale);
  const ministry = (await getSiteContent(locale)).ministryBySlug(params.slug);
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: ministryJoinSchema,
    failureTitle: t("forms.registrationFailed"),
    async save(values) {
      if (!ministry) throw new AppError(t("ministry.notFoundText"), 404);
      await saveMinistryRegistration(
        { ministrySlug: ministry.slug, ...values, language: locale },
        siteOrigin(),
      );
      return {
        title: t("forms.registrationSuccessful"),
        description: t("ministry.signedUp", { ministry: ministry.name }),
      };
    },
  });
}

export default function MinistryRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) return <MinistryNotFound />;
  return (
    <MinistryPage
      ministry={loaderData.ministry}
      imageUrl={loaderData.imageUrl}
      videos={loaderData.videos}
      defaultImageUrl={loaderData.defaultImageUrl}
      lang={loaderData.lang}
    />
  );
}

type ContentLang = { ministry?: "en"; privacy?: "en" };

function MinistryPage({
  ministry,
  imageUrl,
  videos,
  defaultImageUrl,
  lang,
}: { ministry: PublicMinistry; defaultImageUrl: string; lang: ContentLang } & MinistryMedia) {
  const [searchParams] = useSearchParams();
  const t = useT();
  const href = useLocalePath();

  return (
    <>
      <PageHeader
        eyebrow={t("ministry.eyebrow")}
        title={ministry.name}
        description={ministry.description}
        descriptionLang={lang.ministry}
      >
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <JoinButton variant="gold" />
          <Link to={href("/ministries")} className={buttonVariants({ variant: "outlineLight", size: "lg" })}>
            <ArrowLeft aria-hidden="true" />
            {t("ministry.all")}
          </Link>
        </div>
      </PageHeader>

      <section className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-3 lg:gap-12 lg:px-8">
        <aside
          aria-label={t("ministry.atAGlance", { ministry: ministry.shortName })}
          className="h-fit rounded-xl border border-border bg-background p-6 shadow-sm lg:order-last"
        >
          <div className="flex items-center gap-4">
            <MinistryLogo ministry={ministry} className="size-16 sm:size-20" />
            <p className="text-lg font-semibold text-navy">{ministry.name}</p>
          </div>
          <dl className="mt-6 grid gap-5">
            <Detail
              icon={<CalendarClock className="size-5" />}
              term={t("ministry.schedule")}
              lang={lang.ministry}
            >
              {ministry.schedule}
            </Detail>
            <Detail
              icon={<UsersRound className="size-5" />}
              term={t("ministry.ageGroup")}
              lang={lang.ministry}
            >
              {ministry.ageGroup}
            </Detail>
            <Detail icon={<UserRound className="size-5" />} term={t("ministry.leader")} lang={lang.ministry}>
              {ministry.leader}
            </Detail>
          </dl>
        </aside>

        <div className="lg:col-span-2">
          <ResponsiveImage
            src={imageUrl ?? defaultImageUrl}
            alt={imageUrl ? ministry.name : ""}
            width={1200}
            height={675}
            // Full width on phones; two thirds of the 1280 px page from 1024 px.
            sizes="(min-width: 1280px) 790px, (min-width: 1024px) 62vw, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            priority
            data-testid="ministry-image"
            className="aspect-video w-full rounded-xl bg-muted object-cover shadow-sm"
          />
          <h2 className="mt-10 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
            {t("ministry.about", { ministry: ministry.shortName })}
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted-foreground" lang={lang.ministry}>
            <RichText value={ministry.fullDescription} />
          </div>
        </div>
      </section>

      {videos.length > 0 ? (
        <section aria-labelledby="videos-heading" className="border-t border-border">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
            <h2 id="videos-heading" className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
              {t("ministry.videos")}
            </h2>
            <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3" data-testid="ministry-videos">
              {videos.map((video) => (
                <li key={video.id}>
                  <YouTubeEmbed id={video.youtubeId} title={video.title} />
                  <h3 className="mt-3 font-semibold text-navy">{video.title}</h3>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-label={t("ministry.bibleVerse")} className="bg-navy text-white">
        <figure className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20" lang={lang.ministry}>
          <blockquote className="font-serif text-2xl leading-relaxed italic sm:text-3xl">
            <p>&ldquo;{ministry.verse}&rdquo;</p>
          </blockquote>
          <figcaption className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-gold">
            {ministry.verseRef}
          </figcaption>
        </figure>
      </section>

      <section aria-labelledby="join-heading" className="bg-muted">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:px-6">
          <h2 id="join-heading" className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
            {t("ministry.readyToServe", { ministry: ministry.shortName })}
          </h2>
          <p className="mt-3 text-muted-foreground">{t("ministry.leaveDetails")}</p>
          <div className="mt-8 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
            <JoinButton variant="default" />
            <Link to={href("/ministries")} className={buttonVariants({ variant: "outline", size: "lg" })}>
              {t("ministry.backToAll")}
            </Link>
          </div>
        </div>
      </section>

      <PageFormDialog
        param={JOIN_PARAM}
        inline={searchParams.has(JOIN_PARAM)}
        title={t("ministry.joinTitle", { ministry: ministry.name })}
        description={t("ministry.joinDescription")}
      >
        <JoinForm ministry={ministry} privacyLang={lang.privacy} />
      </PageFormDialog>
    </>
  );
}

function JoinButton({ variant }: { variant: "gold" | "default" }) {
  const t = useT();
  return (
    <PageDialogTrigger param={JOIN_PARAM} className={buttonVariants({ variant, size: "lg" })}>
      {t("ministry.join")}
    </PageDialogTrigger>
  );
}

function JoinForm({ ministry, privacyLang }: { ministry: PublicMinistry; privacyLang?: "en" }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <PublicForm
      name="ministry-join"
      askEmailConsent
      action={href(`/ministries/${ministry.slug}?${JOIN_PARAM}`)}
      submitLabel={t("ministry.submit")}
      privacyLang={privacyLang}
    >
      {(state) => (
        <>
          <NameField id="join-name" state={state} />
          <EmailField id="join-email" state={state} />
          <MobileField id="join-mobile" state={state} />
        </>
      )}
    </PublicForm>
  );
}

function Detail({
  icon,
  term,
  lang,
  children,
}: {
  icon: ReactNode;
  term: string;
  lang?: "en";
  children: ReactNode;
}) {
  // Only dt and dd inside the group (a definition list allows nothing else there): the icon sits
  // in the term, placed in the gutter.
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-sm font-semibold uppercase tracking-wide text-accent-text">
        <span
          aria-hidden="true"
          className="absolute left-0 top-0 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary"
        >
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 text-navy" lang={lang}>
        {children}
      </dd>
    </div>
  );
}

function MinistryNotFound() {
  const t = useT();
  const href = useLocalePath();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">
        {t("error.labelStatus", { status: 404 })}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl">
        {t("ministry.notFoundTitle")}
      </h1>
      <FormResultNotice className="mt-4" />
      <p className="mt-4 text-lg text-muted-foreground">{t("ministry.notFoundText")}</p>
      <Link to={href("/ministries")} className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" />
        {t("ministry.backToAll")}
      </Link>
    </section>
  );
}
