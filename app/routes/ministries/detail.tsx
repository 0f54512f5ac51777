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
import { pageMeta } from "~/lib/meta";
import { ministryJoinSchema } from "~/schemas/public-forms";
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

const notFound = {
  title: "Ministry Not Found",
  message: "Sorry, the ministry you are looking for does not exist.",
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData || loaderData.notFound) return pageMeta(matches, notFound.title, notFound.message);
  return pageMeta(matches, loaderData.ministry.name, loaderData.ministry.description);
}

export async function loader({ params }: Route.LoaderArgs) {
  const content = await getSiteContent();
  const ministry = content.ministryBySlug(params.slug);
  if (!ministry) return data({ notFound: true as const }, { status: 404 });
  const media = await loadMinistryMedia(ministry.slug);
  return data({
    notFound: false as const,
    ministry,
    ...media,
    defaultImageUrl: content.defaultMinistryImage,
  });
}

// The join form opens in a modal and is sent in the background; the videos play on request.
export const handle: PageHandle = { enhancements: ["dialogs", "forms", "video"] };
export const clientLoader = loadAsDocument;

export async function action({ request, params, context }: Route.ActionArgs) {
  const ministry = (await getSiteContent()).ministryBySlug(params.slug);
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: ministryJoinSchema,
    failureTitle: "Registration Failed",
    async save(values) {
      if (!ministry) throw new AppError(notFound.message, 404);
      await saveMinistryRegistration({ ministrySlug: ministry.slug, ...values }, siteOrigin());
      return { title: "Registration Successful!", description: `You've signed up for ${ministry.name}.` };
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
    />
  );
}

function MinistryPage({
  ministry,
  imageUrl,
  videos,
  defaultImageUrl,
}: { ministry: PublicMinistry; defaultImageUrl: string } & MinistryMedia) {
  const [searchParams] = useSearchParams();

  return (
    <>
      <PageHeader eyebrow="Ministry" title={ministry.name} description={ministry.description}>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <JoinButton variant="gold" />
          <Link to="/ministries" className={buttonVariants({ variant: "outlineLight", size: "lg" })}>
            <ArrowLeft aria-hidden="true" />
            All Ministries
          </Link>
        </div>
      </PageHeader>

      <section className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-3 lg:gap-12 lg:px-8">
        <aside
          aria-label={`${ministry.shortName} at a glance`}
          className="h-fit rounded-xl border border-border bg-background p-6 shadow-sm lg:order-last"
        >
          <div className="flex items-center gap-4">
            <MinistryLogo ministry={ministry} className="size-16 sm:size-20" />
            <p className="text-lg font-semibold text-navy">{ministry.name}</p>
          </div>
          <dl className="mt-6 grid gap-5">
            <Detail icon={<CalendarClock className="size-5" />} term="Schedule">
              {ministry.schedule}
            </Detail>
            <Detail icon={<UsersRound className="size-5" />} term="Age Group">
              {ministry.ageGroup}
            </Detail>
            <Detail icon={<UserRound className="size-5" />} term="Leader">
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
            About {ministry.shortName}
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted-foreground">
            <RichText value={ministry.fullDescription} />
          </div>
        </div>
      </section>

      {videos.length > 0 ? (
        <section aria-labelledby="videos-heading" className="border-t border-border">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
            <h2 id="videos-heading" className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
              Ministry Videos
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

      <section aria-label="Bible verse" className="bg-navy text-white">
        <figure className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
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
            Ready to serve with {ministry.shortName}?
          </h2>
          <p className="mt-3 text-muted-foreground">
            Leave your name and contact details and the ministry team will get in touch with you.
          </p>
          <div className="mt-8 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
            <JoinButton variant="default" />
            <Link to="/ministries" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Back to All Ministries
            </Link>
          </div>
        </div>
      </section>

      <PageFormDialog
        param={JOIN_PARAM}
        inline={searchParams.has(JOIN_PARAM)}
        title={`Join ${ministry.name}`}
        description="Fill in your details and the ministry team will contact you."
      >
        <JoinForm ministry={ministry} />
      </PageFormDialog>
    </>
  );
}

function JoinButton({ variant }: { variant: "gold" | "default" }) {
  return (
    <PageDialogTrigger param={JOIN_PARAM} className={buttonVariants({ variant, size: "lg" })}>
      Join This Ministry
    </PageDialogTrigger>
  );
}

function JoinForm({ ministry }: { ministry: PublicMinistry }) {
  return (
    <PublicForm
      name="ministry-join"
      askEmailConsent
      action={`/ministries/${ministry.slug}?${JOIN_PARAM}`}
      submitLabel="Submit Registration"
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

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
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
      <dd className="mt-0.5 text-navy">{children}</dd>
    </div>
  );
}

function MinistryNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl">{notFound.title}</h1>
      <FormResultNotice className="mt-4" />
      <p className="mt-4 text-lg text-muted-foreground">{notFound.message}</p>
      <Link to="/ministries" className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" />
        Back to All Ministries
      </Link>
    </section>
  );
}
