import type { Page } from 'playwright-core';

/** Logs in through the site's own login form, as a person does, and waits for the home page. */
export async function logInThroughPage(
  page: Page,
  origin: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${origin}/login`);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Login Successful!').waitFor();
  await page.waitForURL(`${origin}/`);
}
