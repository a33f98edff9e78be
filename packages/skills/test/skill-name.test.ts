// Skill names from server ids: valid per the Agent Skills spec, deterministic, collision-free.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseSkillName, isValidSkillName, skillNames } from '@formrequest/skills';

test('valid names pass; invalid ones are recognised', () => {
  for (const name of ['a', 'pdf-tools', '3d23d-kamui-meshy-v5-remesh', 'x'.repeat(64)])
    assert.ok(isValidSkillName(name), name);
  for (const name of ['', '-a', 'a-', 'a--b', 'A', 'a.b', 'a_b', 'x'.repeat(65), '日本'])
    assert.ok(!isValidSkillName(name), name);
});

test('ids with dots, capitals, underscores, accents and other scripts map by the documented rule', () => {
  assert.equal(baseSkillName('image.Flux-LoRA'), 'image-flux-lora');
  assert.equal(baseSkillName('My_Server  v2'), 'my-server-v2');
  assert.equal(baseSkillName('Café.Déjà'), 'cafe-deja');
  assert.equal(baseSkillName('--a..b--'), 'a-b');
  assert.equal(baseSkillName('検索'), 'server');
  assert.equal(baseSkillName('ok-name'), 'ok-name');
});

test('ids over 64 characters keep 55 characters and a hash, so shared prefixes stay apart', () => {
  const a = baseSkillName(`${'very-long-server-name-'.repeat(4)}alpha`);
  const b = baseSkillName(`${'very-long-server-name-'.repeat(4)}beta`);
  assert.ok(isValidSkillName(a) && isValidSkillName(b));
  assert.equal(a.length, 64);
  assert.notEqual(a, b);
  assert.match(a, /^very-long-server-name-very-long-server-name-very-long-s-[0-9a-f]{8}$/);
});

test('collisions: the id that is the name keeps it, the others get a hash; order does not matter', () => {
  const ids = ['Foo.Bar', 'foo-bar', 'FOO_BAR', '検索', '翻訳'];
  const names = skillNames(ids);
  assert.equal(names.get('foo-bar'), 'foo-bar');
  assert.match(names.get('Foo.Bar')!, /^foo-bar-[0-9a-f]{8}$/);
  assert.match(names.get('FOO_BAR')!, /^foo-bar-[0-9a-f]{8}$/);
  assert.match(names.get('検索')!, /^server-[0-9a-f]{8}$/);
  assert.equal(new Set(names.values()).size, ids.length);
  for (const name of names.values()) assert.ok(isValidSkillName(name), name);
  const reversed = skillNames([...ids].reverse());
  for (const id of ids) assert.equal(reversed.get(id), names.get(id));
});
