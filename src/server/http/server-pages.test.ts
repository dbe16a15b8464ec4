import { describe, expect, it } from 'vitest';
import {
  checkoutToBuy,
  learnerBuyPage,
  learnerDashboardPage,
  learnerDrawnPage,
  learnerPlayerPage,
  SPONSOR_MARK,
  signUpToBuy,
  sponsorBlank,
} from './server-pages.js';

const at = (address: string) => new URL(address, 'http://page.invalid');

describe('a Buy followed before hydration', () => {
  it("sends a visitor's /course/:id?buy=1 to sign-up with the package, keeping the sponsor and the language", () => {
    expect(signUpToBuy(at('/course/12?ref=ABCD1234&buy=1&lang=mr'), false)).toBe('/register?buy=12&ref=ABCD1234&lang=mr');
    expect(signUpToBuy(at('/course/12/?buy=1'), false)).toBe('/register?buy=12');
  });

  it("leaves a signed-in learner's Buy, and any other address, where it is", () => {
    expect(signUpToBuy(at('/course/12?buy=1'), true)).toBeNull();
    expect(signUpToBuy(at('/course/12'), false)).toBeNull();
    expect(signUpToBuy(at('/course/12?buy=0'), false)).toBeNull();
    expect(signUpToBuy(at('/course/study/12?buy=1'), false)).toBeNull();
    expect(signUpToBuy(at('/packages?buy=1'), false)).toBeNull();
    expect(signUpToBuy(at('/course/%E0?buy=1'), false)).toBeNull();
  });

  it("sends a signed-in learner's /register?buy=ID to the package's checkout, and nobody else", () => {
    expect(checkoutToBuy(at('/register?buy=12&ref=ABCD1234'), true)).toBe('/course/12?ref=ABCD1234&buy=1');
    expect(checkoutToBuy(at('/register?buy=a%2Fb'), true)).toBe('/course/a%2Fb?buy=1');
    expect(checkoutToBuy(at('/register?buy=12'), false)).toBeNull();
    expect(checkoutToBuy(at('/register'), true)).toBeNull();
    expect(checkoutToBuy(at('/login?buy=12'), true)).toBeNull();
  });

  it("knows a package's page asked with its checkout open, the page drawn for a signed-in learner", () => {
    expect(learnerBuyPage(at('/course/12?buy=1'))).toBe(true);
    expect(learnerBuyPage(at('/course/12/?ref=ABCD1234&buy=1'))).toBe(true);
    expect(learnerBuyPage(at('/course/12'))).toBe(false);
    expect(learnerBuyPage(at('/course/12?buy=0'))).toBe(false);
    expect(learnerBuyPage(at('/packages?buy=1'))).toBe(false);
    expect(learnerBuyPage(at('/course/study/12?buy=1'))).toBe(false);
  });

  it('knows the player, the other page drawn for a signed-in learner (their quiz and certificate pages are not)', () => {
    expect(learnerPlayerPage(at('/course-content/12'))).toBe(true);
    expect(learnerPlayerPage(at('/course-content/12/?lang=mr'))).toBe(true);
    expect(learnerPlayerPage(at('/course-content/12/quiz/3'))).toBe(false);
    expect(learnerPlayerPage(at('/course-content/12/certificate'))).toBe(false);
    expect(learnerPlayerPage(at('/course/12'))).toBe(false);
    expect(learnerDrawnPage(at('/course-content/12'))).toBe(true);
    expect(learnerDrawnPage(at('/course/12?buy=1'))).toBe(true);
    expect(learnerDrawnPage(at('/course/12'))).toBe(false);
    expect(learnerDrawnPage(at('/myCourses'))).toBe(false);
  });

  it("knows a learner's dashboard by its numeric id, and not the admin's dashboard", () => {
    expect(learnerDashboardPage(at('/12/dashboard'))).toBe(true);
    expect(learnerDashboardPage(at('/12/dashboard/?lang=mr'))).toBe(true);
    expect(learnerDashboardPage(at('/admin/dashboard'))).toBe(false);
    expect(learnerDashboardPage(at('/abc/dashboard'))).toBe(false);
    expect(learnerDashboardPage(at('/dashboard'))).toBe(false);
    expect(learnerDashboardPage(at('/12/dashboard/more'))).toBe(false);
    expect(learnerDrawnPage(at('/12/dashboard'))).toBe(true);
    expect(learnerDrawnPage(at('/admin/dashboard'))).toBe(false);
  });
});

describe("a package page asked for with a sponsor's code", () => {
  it('is drawn once for every code, the code marked, when the code is plain', () => {
    expect(sponsorBlank('/course/12?ref=AB12-x_9&lang=mr')).toEqual({ marked: `/course/12?ref=${SPONSOR_MARK}&lang=mr`, code: 'AB12-x_9', greets: false });
    expect(sponsorBlank('/course/12?lang=en&ref=SITA01')).toEqual({ marked: `/course/12?lang=en&ref=${SPONSOR_MARK}`, code: 'SITA01', greets: false });
    // The catalogue names a sponsor: marked only for a code that is nobody's (serve-client.ts checks).
    expect(sponsorBlank('/packages?ref=SITA01')).toEqual({ marked: `/packages?ref=${SPONSOR_MARK}`, code: 'SITA01', greets: true });
  });

  it('is drawn as asked for otherwise', () => {
    for (const address of [
      '/course/12',
      '/course/12?lang=en',
      '/packages/?ref=SITA01',
      '/?ref=SITA01',
      '/register?buy=12&ref=SITA01',
      '/course/12/?ref=SITA01',
      '/course/12?ref=',
      '/course/12?ref=A%20B',
      '/course/12?ref=A+B',
      '/course/12?ref=A&ref=B',
      '/course/12?ref=A&r%65f=B',
      `/course/12?ref=${'A'.repeat(37)}`,
      `/course/12?ref=${SPONSOR_MARK}`,
      `/course/12?ref=A&x=${SPONSOR_MARK}`,
    ]) {
      expect({ address, blank: sponsorBlank(address) }).toEqual({ address, blank: null });
    }
  });
});
