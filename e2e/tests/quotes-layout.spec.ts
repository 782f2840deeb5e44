/**
 * The quotes manager on a phone (390 px) and a desktop (1280 px) with a quote open in the form:
 * nothing scrolls sideways, the form and its totals fit, and the action buttons stay large
 * enough to press. Screenshots are attached to the report for a person to look at.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { QuotesManagerPage } from '../page-models/quotes';
import { uniqueCustomer } from '../page-models/test-data';

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the quotes manager fits a ${viewport.name} (${viewport.width} px) with a quote in the form`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const quotes = new QuotesManagerPage(page);
    const customer = uniqueCustomer('Layout');
    await quotes.login();
    await quotes.open();
    await quotes.waitForQuoteIds();

    // One saved quote for the list.
    await quotes.newQuote();
    await quotes.quickAdd('Services', '4x4 Recovery');
    await quotes.fillCustomer(customer);
    await quotes.saveAndClose();
    await expect(quotes.toast(MESSAGES.QUOTE_CREATED)).toBeVisible();
    const card = quotes.cardFor(customer.name);
    await expect(card).toBeVisible();

    // And one open in the form.
    await quotes.newQuote();
    await quotes.quickAdd('Services', 'Long Distance Towing');
    await quotes.quickAdd('Parts', 'Recovery Board Set');
    await quotes.quickAdd('Other charges', 'Mileage Charge per km');
    await quotes.fillCustomer({
      name: 'Jordan Whitfield-Nakamura',
      phone: '0499 111 222',
      email: 'jordan@example.com',
    });
    await quotes.chooseRoute('Newman', 'Karratha', 455.5);
    await expect(quotes.finalPrice).toHaveText('$411.75');

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, 'nothing scrolls sideways').toBeLessThanOrEqual(0);
    for (const button of await card.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0, 'action buttons are big enough to press').toBeGreaterThanOrEqual(34);
      expect(
        (box?.x ?? 0) + (box?.width ?? 0),
        'action buttons stay on screen',
      ).toBeLessThanOrEqual(viewport.width);
    }

    await testInfo.attach(`quotes-${viewport.width}-form`, {
      body: await page.screenshot({
        fullPage: true,
        path: testInfo.outputPath(`quotes-${viewport.width}-form.png`),
      }),
      contentType: 'image/png',
    });
    await testInfo.attach(`quotes-${viewport.width}-form-only`, {
      body: await quotes.form.screenshot({
        path: testInfo.outputPath(`quotes-${viewport.width}-form-only.png`),
      }),
      contentType: 'image/png',
    });
    await card.scrollIntoViewIfNeeded();
    await testInfo.attach(`quotes-${viewport.width}-card`, {
      body: await card.screenshot({
        path: testInfo.outputPath(`quotes-${viewport.width}-card.png`),
      }),
      contentType: 'image/png',
    });

    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('quote-preview');
    await expect(preview).toContainText('Prices include GST');
    const box = await preview.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), 'the preview fits the screen').toBeLessThanOrEqual(
      viewport.width,
    );
    await testInfo.attach(`quotes-${viewport.width}-preview`, {
      body: await page.screenshot({
        path: testInfo.outputPath(`quotes-${viewport.width}-preview.png`),
      }),
      contentType: 'image/png',
    });
  });
}
