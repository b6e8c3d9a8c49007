import { mapWithLimit } from '../../src/map-with-limit';

describe('mapWithLimit', () => {
  it('keeps the order of the items, with at most `limit` under way at once', async () => {
    let underWay = 0;
    let most = 0;
    const results = await mapWithLimit([5, 1, 4, 2, 3, 0, 6], 3, async (item, index) => {
      underWay += 1;
      most = Math.max(most, underWay);
      await new Promise((resolve) => setTimeout(resolve, item));
      underWay -= 1;
      return `${index}:${item}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0', '6:6']);
    expect(most).toBe(3);
  });

  it('does nothing for no items', async () => {
    const work = jest.fn(() => Promise.resolve(1));
    expect(await mapWithLimit([], 4, work)).toEqual([]);
    expect(work).not.toHaveBeenCalled();
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a limit of %p', async (limit) => {
    await expect(mapWithLimit([1], limit, () => Promise.resolve(1))).rejects.toThrow(
      /limit must be a positive integer/,
    );
  });
});
