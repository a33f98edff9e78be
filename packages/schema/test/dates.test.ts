// One "today": relative date bounds resolve for the form's issue instant in the person's zone, given as
// a UTC offset (what a page sends with its answers), clamped to real time zones.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  clampUtcOffset,
  dayAt,
  initialValues,
  MAX_UTC_OFFSET,
  MIN_UTC_OFFSET,
  resolveDateBound,
  utcOffsetAt,
  validateAnswers,
  validateFormSchema,
} from '@formrequest/schema';

// 06:00 UTC on 24 November: 22:00 on the 23rd in Los Angeles (UTC-8), 15:00 on the 24th in Tokyo.
const ISSUED = new Date('2026-11-24T06:00:00Z');
const LA = -480;
const TOKYO = 540;

test('dayAt: the calendar date at an instant in a zone', () => {
  assert.equal(dayAt(ISSUED, 0), '2026-11-24');
  assert.equal(dayAt(ISSUED, LA), '2026-11-23');
  assert.equal(dayAt(ISSUED, TOKYO), '2026-11-24');
  assert.equal(dayAt(new Date('2026-12-31T20:00:00Z'), TOKYO), '2027-01-01');
  assert.equal(dayAt(new Date('2026-03-01T05:00:00Z'), -360), '2026-02-28');
  assert.equal(dayAt(ISSUED), dayAt(ISSUED, utcOffsetAt(ISSUED)), 'no offset: this process zone');
});

test('relative bounds count from the issue instant in the given zone; ISO dates stay as written', () => {
  assert.equal(resolveDateBound('today', ISSUED, LA), '2026-11-23');
  assert.equal(resolveDateBound('today', ISSUED, TOKYO), '2026-11-24');
  assert.equal(resolveDateBound('+7days', ISSUED, LA), '2026-11-30');
  assert.equal(resolveDateBound('+8days', ISSUED, LA), '2026-12-01');
  assert.equal(resolveDateBound('-24days', ISSUED, TOKYO), '2026-10-31');
  assert.equal(resolveDateBound('+38days', ISSUED, TOKYO), '2027-01-01');
  assert.equal(resolveDateBound('2026-01-05', ISSUED, LA), '2026-01-05');
  assert.equal(resolveDateBound('tomorrow', ISSUED, LA), null);
});

test('a claimed offset is held to real time zones, -12:00 to +14:00; anything else is no offset', () => {
  assert.equal(clampUtcOffset(540), 540);
  assert.equal(clampUtcOffset(-480.4), -480);
  assert.equal(clampUtcOffset(100_000), MAX_UTC_OFFSET);
  assert.equal(clampUtcOffset(-1e12), MIN_UTC_OFFSET);
  for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '540', null, undefined, {}])
    assert.equal(clampUtcOffset(bad), undefined, String(bad));
  // An absurd claim cannot move "today" further than a real zone could.
  assert.equal(resolveDateBound('today', ISSUED, clampUtcOffset(1e9)), '2026-11-24');
  assert.equal(resolveDateBound('today', ISSUED, clampUtcOffset(-1e9)), '2026-11-23');
});

test("the issue's two todays: a person in Los Angeles is judged by Los Angeles' date", () => {
  const form = {
    title: 'T',
    fields: [
      { name: 'd', type: 'date', label: 'Due', minDate: 'today', maxDate: '+2days', default: 'today' },
    ],
  } as never;
  const inLA = { now: ISSUED, utcOffset: LA };
  assert.equal(validateFormSchema(form, inLA).ok, true);
  assert.deepEqual(initialValues(form, inLA), { d: '2026-11-23' });
  assert.equal(validateAnswers(form, { d: '2026-11-23' }, inLA).ok, true);
  assert.equal(validateAnswers(form, { d: '2026-11-25' }, inLA).ok, true);
  assert.deepEqual(validateAnswers(form, { d: '2026-11-26' }, inLA).errors, {
    d: 'Dueは2026-11-25以前の日付を入力してください',
  });
  // The same answer judged in UTC (the old host) would have been refused.
  assert.deepEqual(validateAnswers(form, { d: '2026-11-23' }, { now: ISSUED, utcOffset: 0 }).errors, {
    d: 'Dueは2026-11-24以降の日付を入力してください',
  });
});
