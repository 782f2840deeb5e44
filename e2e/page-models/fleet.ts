/** Page model of the fleet management screen (/admin/fleet). */
import { expect, type Locator, type Page } from '@playwright/test';

export interface NewVehicle {
  name: string;
  registration: string;
  make: string;
  model: string;
  type: string;
  mileage?: number;
}

export interface NewFuel {
  litres: string;
  cost: string;
  odometer: number;
  location: string;
  fill?: 'Full' | 'Partial';
}

export interface NewService {
  type: string;
  description: string;
  odometer: number;
  cost: string;
  servicedBy: string;
}

/** A Mantine Select's input (a textbox or combobox, by Mantine version). */
function selectInput(scope: Locator, name: string): Locator {
  const label = new RegExp(`^${name}\\s*\\*?$`);
  return scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }));
}

export class FleetScreen {
  constructor(readonly page: Page) {}

  /** Opens the screen and waits until the sync engine is online and synced. */
  async open(): Promise<void> {
    await this.page.goto('/admin/fleet');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Fleet Management' }),
    ).toBeVisible({ timeout: 30_000 });
    await this.waitSynced();
  }

  async waitSynced(timeout = 20_000): Promise<void> {
    await expect(this.page.getByTestId('sync-status')).toHaveAttribute('data-state', 'online', {
      timeout,
    });
    await expect(this.page.getByTestId('sync-status-label')).toHaveText('Synced', { timeout });
  }

  card(registration: string): Locator {
    return this.page
      .getByTestId('vehicle-card')
      .filter({ has: this.page.getByTestId('vehicle-registration').getByText(registration) });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The toast with this text. */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }

  /** Closes the visible toasts so the next one (at most one shows at a time) appears at once. */
  async dismissToasts(): Promise<void> {
    const buttons = this.page.locator(
      '.mantine-Notification-root .mantine-Notification-closeButton',
    );
    for (let i = 0; i < 5 && (await buttons.count()) > 0; i += 1) {
      await buttons
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    }
  }

  async addVehicle(vehicle: NewVehicle): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Vehicle' }).first().click();
    const form = this.page.getByRole('form', { name: 'Add Vehicle' });
    await form.getByLabel('Vehicle Name').fill(vehicle.name);
    await form.getByLabel(/^Registration\s*\*?$/).fill(vehicle.registration);
    await selectInput(form, 'Vehicle Type').click();
    await this.page.getByRole('option', { name: vehicle.type, exact: true }).click();
    await form.getByLabel('Make').fill(vehicle.make);
    await form.getByLabel('Model').fill(vehicle.model);
    if (vehicle.mileage !== undefined)
      await form.getByLabel('Mileage (km)').fill(String(vehicle.mileage));
    await form.getByRole('button', { name: 'Add Vehicle' }).click();
  }

  async addFuel(registration: string, fuel: NewFuel): Promise<void> {
    await this.card(registration).getByRole('button', { name: 'Add Fuel' }).click();
    const form = this.page.getByRole('form', { name: 'Fuel record' });
    await form.getByLabel('Litres').fill(fuel.litres);
    await form.getByLabel('Total Cost ($)').fill(fuel.cost);
    await form.getByLabel('Odometer (km)').fill(String(fuel.odometer));
    await form.getByLabel('Location').fill(fuel.location);
    if (fuel.fill === 'Partial') await form.getByText('Partial', { exact: true }).click();
    await form.getByRole('button', { name: 'Add Fuel' }).click();
    await expect(form).toHaveCount(0);
  }

  async addService(registration: string, service: NewService): Promise<void> {
    await this.card(registration).getByRole('button', { name: 'Add Service' }).click();
    const form = this.page.getByRole('form', { name: 'Service record' });
    await this.fillService(form, service);
    await form.getByRole('button', { name: 'Add Service' }).click();
    await expect(form).toHaveCount(0);
  }

  /** Fills the open service form (not submitted). */
  async fillService(form: Locator, service: NewService): Promise<void> {
    await selectInput(form, 'Service Type').click();
    await this.page.getByRole('option', { name: service.type, exact: true }).click();
    await form.getByLabel('Description').fill(service.description);
    await form.getByLabel('Odometer (km)').fill(String(service.odometer));
    await form.getByLabel('Total Cost ($)').fill(service.cost);
    await form.getByLabel('Serviced By').fill(service.servicedBy);
  }

  /** Opens a card's details (modifications, features, latest records). */
  async expand(registration: string): Promise<void> {
    const button = this.card(registration).getByRole('button', {
      name: /Show details|Hide details/,
    });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(this.card(registration).getByTestId('vehicle-details')).toBeVisible();
  }

  /** Opens the More menu of a card and picks an item. */
  async menu(registration: string, item: string): Promise<void> {
    await this.card(registration).getByRole('button', { name: 'More' }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }
}
