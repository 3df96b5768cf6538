import {
  APPLY_PROMISES,
  DISCLAIMER,
  OFFER_TERMS,
  type CreatorCashCopy,
} from '@/lib/creatorcash/copy';
import { ApplicationSteps } from './application-steps';
import { ApplyNowLink } from './apply-now-link';
import { FadeIn } from './fade-in';
import { Faq } from './faq';
import { Icon } from './icons';

const container = 'mx-auto w-full max-w-6xl px-5 sm:px-8';
const narrow = 'mx-auto w-full max-w-3xl px-5 sm:px-8';
const sectionTitle = 'text-3xl font-bold tracking-tight text-ink sm:text-4xl';
const APPLY_ID = 'apply';
const APPLY_HEADING_ID = 'apply-heading';

export function CreatorCashPage({
  copy,
  supportEmail,
}: {
  copy: CreatorCashCopy;
  supportEmail: string;
}) {
  const { welcomebanner: banner, creators, creatorcash, requirementsToJoin, faq } = copy;

  return (
    <>
      <header className="bg-brand-900">
        <div className={`${container} flex items-center gap-2 py-4 text-white`}>
          <span className="text-brand-800 flex size-8 items-center justify-center rounded-lg bg-white">
            <Icon name="bolt" className="size-5" />
          </span>
          <span className="text-lg font-bold tracking-tight">Creator Cash</span>
        </div>
      </header>

      <main>
        <section
          aria-labelledby="welcome-heading"
          className="from-brand-900 to-brand-700 bg-linear-to-b text-white"
        >
          <div
            className={`${container} grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.2fr_1fr] lg:py-24`}
          >
            <div>
              <p className="text-brand-100 text-sm font-semibold tracking-wide uppercase">
                {banner.eyebrow}
              </p>
              <h1
                id="welcome-heading"
                className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
              >
                {banner.title}
              </h1>
              <p className="text-brand-50 mt-5 max-w-2xl text-lg text-pretty sm:text-xl">
                {banner.subtitle}
              </p>
              <ApplyNowLink
                targetId={APPLY_ID}
                focusId={APPLY_HEADING_ID}
                className="text-brand-800 shadow-card hover:bg-brand-50 mt-8 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-white px-8 py-3 text-lg font-semibold transition-colors focus-visible:outline-white sm:w-auto"
              >
                {banner.cta}
                <Icon name="arrow" className="size-5" />
              </ApplyNowLink>
            </div>
            <dl className="rounded-card grid grid-cols-2 gap-2 bg-white/10 p-2 ring-1 ring-white/20 sm:gap-4 sm:p-4">
              {OFFER_TERMS.map((t) => (
                <div key={t.term} className="bg-brand-900/60 rounded-lg p-3 sm:p-4">
                  <dt className="text-brand-100 text-sm">{t.term}</dt>
                  {/* A card lets the unit wrap ("24–48" / "hours"); running text does not. */}
                  <dd className="mt-1 text-lg font-bold sm:text-3xl lg:text-xl xl:text-2xl">
                    {t.value.replaceAll('\u00a0', ' ')}
                  </dd>
                  <dd className="text-brand-100 mt-1 text-sm">{t.detail}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <FadeIn>
          <section aria-labelledby="reasons-heading" className="py-16 sm:py-20">
            <div className={container}>
              <h2 id="reasons-heading" className={sectionTitle}>
                {creators.title}
              </h2>
              <p className="text-ink-muted mt-3 max-w-2xl text-lg">{creators.intro}</p>
              <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
                {creators.cards.map((card) => (
                  <li
                    key={card.title}
                    className="rounded-card border-surface-border bg-surface shadow-card border p-6"
                  >
                    <span className="bg-tint text-accent flex size-11 items-center justify-center rounded-lg">
                      <Icon name={card.icon} />
                    </span>
                    <h3 className="text-ink mt-4 text-lg font-semibold">{card.title}</h3>
                    <p className="text-ink-muted mt-2">{card.subTitle}</p>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        </FadeIn>

        <FadeIn>
          <section
            id={APPLY_ID}
            aria-labelledby={APPLY_HEADING_ID}
            className="bg-surface scroll-mt-4 py-16 sm:py-20"
          >
            <div className={`${container} grid gap-10 lg:grid-cols-[1fr_1.4fr]`}>
              <div>
                <h2 id={APPLY_HEADING_ID} tabIndex={-1} className={sectionTitle}>
                  {creatorcash.title}
                </h2>
                <p className="text-ink-muted mt-3 text-lg">{creatorcash.intro}</p>
                <ul className="mt-6 grid gap-3">
                  {APPLY_PROMISES.map((promise) => (
                    <li key={promise} className="text-ink flex items-start gap-3">
                      <Icon name="check" className="text-success mt-0.5 size-5 shrink-0" />
                      {promise}
                    </li>
                  ))}
                </ul>
              </div>
              <ApplicationSteps copy={creatorcash} supportEmail={supportEmail} />
            </div>
          </section>
        </FadeIn>

        {requirementsToJoin ? (
          <FadeIn>
            <section aria-labelledby="requirements-heading" className="py-16 sm:py-20">
              <div className={container}>
                <h2 id="requirements-heading" className={sectionTitle}>
                  {requirementsToJoin.title}
                </h2>
                <p className="text-ink-muted mt-3 max-w-2xl text-lg">{requirementsToJoin.intro}</p>
                <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {requirementsToJoin.items.map((item) => (
                    <li
                      key={item}
                      className="rounded-card border-surface-border bg-surface flex items-start gap-3 border p-4"
                    >
                      <span className="bg-success-bg text-success flex size-6 shrink-0 items-center justify-center rounded-full">
                        <Icon name="check" className="size-4" />
                      </span>
                      <span className="text-ink">{item}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          </FadeIn>
        ) : null}

        {faq ? (
          <FadeIn>
            <section aria-labelledby="faq-heading" className="bg-surface py-16 sm:py-20">
              <div className={narrow}>
                <h2 id="faq-heading" className={sectionTitle}>
                  {faq.title}
                </h2>
                <div className="mt-8">
                  <Faq items={faq.items} />
                </div>
              </div>
            </section>
          </FadeIn>
        ) : null}
      </main>

      <footer className="bg-gray-900 py-10 text-sm text-white/80">
        <div className={`${container} grid gap-3`}>
          <p className="font-semibold text-white">Creator Cash</p>
          {DISCLAIMER.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            Questions? Email{' '}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-white underline underline-offset-2 focus-visible:outline-white"
            >
              {supportEmail}
            </a>
          </p>
        </div>
      </footer>
    </>
  );
}
