import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '@pilbara/shared-schema';

/** Collects the page title while pre-rendering, where effects never run. */
export interface TitleCollector {
  title: string;
}

export const TitleCollectorContext = createContext<TitleCollector | null>(null);

function pageTitle(page: string): string {
  return `${page} | ${PRODUCT_NAME}`;
}

/** Sets the document title as '{page} | {product name}' (spec: 'About Us | {product name}'). */
export function usePageTitle(page: string): void {
  const collector = useContext(TitleCollectorContext);
  if (collector) collector.title = pageTitle(page);
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
