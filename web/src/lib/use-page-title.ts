import { useEffect } from 'react';
import { PRODUCT_NAME } from '@pilbara/shared-schema';

/** Sets the document title as '{page} | {product name}' (spec: 'About Us | {product name}'). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${PRODUCT_NAME}`;
  }, [page]);
}
