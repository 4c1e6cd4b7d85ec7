import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatNaira } from "~/lib/currency";
import { FEATURED_PRODUCTS, type FeaturedProduct } from "./featured-products";

// The public landing page (features.md 2.8). Every call to action leads to /auth.

function Logo() {
  return (
    <span className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-700 dark:text-brand-300">
      <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      Asiiko
    </span>
  );
}

function PrimaryLink({ children }: { children: ReactNode }) {
  return (
    <Link
      to="/auth"
      className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-700 active:bg-brand-800"
    >
      {children}
    </Link>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-1 text-sm text-earth-600 dark:text-earth-400" aria-label={`Rated ${rating} out of 5`}>
      <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
        <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
      </svg>
      {rating.toFixed(1)}
    </span>
  );
}

function ProductCard({ product }: { product: FeaturedProduct }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="relative aspect-[4/3] bg-brand-50 dark:bg-gray-800">
        <img src={product.imageUrl} alt={product.name} loading="lazy" className="h-full w-full object-cover" />
        <div className="absolute left-3 top-3 flex gap-2">
          <span className="rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold capitalize text-gray-800">
            {product.category}
          </span>
          {product.organic ? (
            <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">Organic</span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold leading-snug">{product.name}</h3>
          <Stars rating={product.rating} />
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">{product.description}</p>
        <p className="mt-auto text-lg font-bold text-brand-700 dark:text-brand-300">
          {formatNaira(product.price)} <span className="text-sm font-normal text-gray-500">/ {product.unit}</span>
        </p>
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {product.farmer} · {product.location}
        </p>
        <Link
          to="/auth"
          className="mt-1 inline-flex min-h-10 items-center justify-center rounded-lg border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-gray-800"
        >
          View details
        </Link>
      </div>
    </article>
  );
}

function Feature({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-1 inline-flex h-6 w-6 flex-none items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-300">
        <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
          <path d="M7.6 13.6L4 10l-1.4 1.4 5 5 10-10L16.2 5z" />
        </svg>
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-gray-600 dark:text-gray-400">{children}</p>
      </div>
    </li>
  );
}

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-10 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Logo />
          <Link to="/auth" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-gray-900">
            Sign In
          </Link>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-50 to-white dark:from-gray-900 dark:to-gray-950">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
            <div className="flex flex-col gap-6">
              <p className="w-fit rounded-full bg-earth-100 px-3 py-1 text-sm font-semibold text-earth-800 dark:bg-earth-800 dark:text-earth-100">
                Join 10,000+ farmers across Nigeria
              </p>
              <h1 className="text-4xl font-extrabold leading-tight tracking-tight md:text-5xl">
                Grow more. Sell better. <span className="text-brand-600 dark:text-brand-400">Farm smarter.</span>
              </h1>
              <p className="text-lg text-gray-700 dark:text-gray-300">
                Sell your harvest in naira, check crops, livestock and medicinal plants with Asiiko AI, and map your
                farm with GPS, in English, Français, Hausa, Igbo or Yorùbá.
              </p>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <PrimaryLink>Sign In to Start Farming</PrimaryLink>
                <p className="text-sm text-gray-600 dark:text-gray-400">Start free for 1 week · no credit card</p>
              </div>
            </div>
            <div className="hidden grid-cols-2 gap-3 md:grid" aria-hidden="true">
              {FEATURED_PRODUCTS.map((product, index) => (
                <img
                  key={product.id}
                  src={product.imageUrl}
                  alt=""
                  className={`aspect-square w-full rounded-2xl object-cover shadow-md ${index % 2 === 1 ? "translate-y-6" : ""}`}
                />
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-14">
          <div className="mb-8 flex flex-col gap-2">
            <h2 id="featured-heading" className="text-2xl font-bold md:text-3xl">
              Featured Products
            </h2>
            <p className="text-gray-600 dark:text-gray-400">Fresh from farmers and herbalists near you.</p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURED_PRODUCTS.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        </section>

        <section aria-labelledby="ai-heading" className="bg-gray-50 dark:bg-gray-900">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2">
            <div className="flex flex-col gap-4">
              <h2 id="ai-heading" className="text-2xl font-bold md:text-3xl">
                Asiiko AI: a crop doctor in your pocket
              </h2>
              <p className="text-gray-700 dark:text-gray-300">
                Take a photo and get a diagnosis, a risk level, a treatment and practical next steps in seconds.
              </p>
              <ul className="flex flex-col gap-4">
                <Feature title="Crop Health">Spot disease, pests and nutrient problems early.</Feature>
                <Feature title="Livestock">Check your animals' condition and know when to call a vet.</Feature>
                <Feature title="Medicine Plants">Identify medicinal plants and how they are traditionally used.</Feature>
              </ul>
            </div>
            <div className="flex flex-col gap-4">
              <h2 className="text-2xl font-bold md:text-3xl">GPS Farm Mapping</h2>
              <p className="text-gray-700 dark:text-gray-300">
                Walk or draw your farm boundary, divide it into plots, ponds and pens, and keep every crop on the map.
              </p>
              <ul className="flex flex-col gap-4">
                <Feature title="Boundaries and areas">Know the exact size of every field in hectares.</Feature>
                <Feature title="Plots by use">Fields, pens, ponds and storage, each in its own colour.</Feature>
                <Feature title="Works on your phone">Built for low-cost Android phones and slow connections.</Feature>
              </ul>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-14">
          <div className="flex flex-col items-center gap-5 rounded-3xl bg-brand-700 px-6 py-12 text-center text-white">
            <h2 className="text-2xl font-bold md:text-3xl">Ready to grow with Asiiko?</h2>
            <p className="max-w-xl text-brand-100">
              Premium unlocks Asiiko AI, farm mapping and advanced marketplace tools for {formatNaira(15000)} a month.
              Cancel anytime.
            </p>
            <Link
              to="/auth"
              className="inline-flex min-h-11 items-center justify-center rounded-xl bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Get Started Free
            </Link>
          </div>
        </section>
      </main>

      <footer className="border-t border-gray-200 py-8 text-center text-sm text-gray-500 dark:border-gray-800 dark:text-gray-400">
        <p>Lagos, Nigeria · © 2024 Asiiko</p>
      </footer>
    </div>
  );
}
