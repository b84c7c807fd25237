import type { ReactNode } from 'react';

/** The frame of a text page (about, privacy): one h1, a lead paragraph, then readable sections. */
export function ProsePage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:py-20">
      <header>
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="text-muted-foreground mt-5 text-lg">{lead}</p>
      </header>
      <div className="mt-12 grid gap-12">{children}</div>
    </article>
  );
}

/** One titled part of a text page; its h2 names the region for assistive technology. */
export function ProseSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="[&_a]:text-primary [&_code]:bg-muted grid gap-4 leading-relaxed [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-2 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2"
    >
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
