import type { LeadField } from '@acs/shared';
import { describe, expect, it } from 'vitest';
import { extractLeadDetails, extractLeadFields, isBareDecline, isDecline, isOnlyContact } from '../../../src/modules/ai/engine/lead-extract';

/** field=value, with `*` after a masked phone and `?` for a value taken from a bare answer. */
type Expected = string[];

function summary(text: string, expecting?: LeadField[]): Expected {
  return extractLeadFields(text, { expecting })
    .map((f) => `${f.field}=${f.value}${f.masked ? '*' : ''}${f.method === 'answer' ? '?' : ''}`)
    .sort();
}

const CASES: Array<[string, Expected, LeadField[]?]> = [
  // Mobiles in the shapes customers type them.
  ['13800138000', ['phone=13800138000']],
  ['我的电话是13800138000，尽快联系我', ['phone=13800138000']],
  ['手机 138 0013 8000', ['phone=13800138000']],
  ['电话：138-0013-8000 下午打', ['phone=13800138000']],
  ['号码是138.0013.8000', ['phone=13800138000']],
  ['+86 13800138000', ['phone=13800138000']],
  ['+86-138-0013-8000', ['phone=13800138000']],
  ['0086 13912345678 这是我手机', ['phone=13912345678']],
  ['8615912345678', ['phone=15912345678']],
  ['+8613800138000', ['phone=13800138000']],
  ['订单号是123456789012，电话13800138000', ['phone=13800138000']],
  ['138 0013 8000 微信同号', ['phone=13800138000', 'wechat=13800138000']],
  ['联系我：１３８００１３８０００', ['phone=13800138000']],
  ['电话一三八零零一三八零零零', ['phone=13800138000']],
  ['打幺八六一二三四五六七八吧', ['phone=18612345678']],
  ['tel:19912345678', ['phone=19912345678']],
  ['两个号码 13800138000 13900139000 都可以', ['phone=13800138000', 'phone=13900139000']],
  ['你好想问一下价格，我电话17712345678', ['phone=17712345678']],
  // Masked numbers are kept as written, flagged.
  ['我的手机138****8000', ['phone=138****8000*']],
  ['电话 138xxxx8000', ['phone=138xxxx8000*']],
  ['抖音显示的是 139****1234 这个', ['phone=139****1234*']],
  // Traps: not a mobile.
  ['订单号13800138000帮我查一下', []],
  ['快递单号 SF1380013800012 到哪了', []],
  ['单号：202311221380013800', []],
  ['我的身份证号是110105194912310021', []],
  ['身份证 110105 19491231 002X', []],
  ['2023-11-22 13:45 下的单', []],
  ['20231122那天买的', []],
  ['一共付了¥13800138000吗？', []],
  ['金额13800138000', []],
  ['转了13800138000元', []],
  ['卡号6222 0213 8001 3800 0', []],
  ['银行卡6222021380013800012', []],
  ['座机 010-12345678', []],
  ['400-800-8888 是你们的电话吗', []],
  ['12345678901', []],
  ['QQ 13800138000', []],
  ['你们的电话是13800138000吗', []],
  ['客服热线13800138000打不通', []],
  ['座机打不通，打我手机13800138000', ['phone=13800138000']],
  ['快递员电话13800138000', ['phone=13800138000']],
  ['138001380001', []],
  ['三个一百元的', []],
  // Dotted numbers: a phone only in its own 3-4-4 shape, never a version.
  ['升级到 v15.9.2345.6789 后闪退', []],
  ['升级到15.9.2345.6789后闪退', []],
  ['版本 8.0.13800138000', []],
  ['v1.3800.1380.00', []],
  ['app版本号 13.8.0013.8000 打不开', []],
  ['build 15.0.1234.5678 闪退', []],
  ['ver 138.0013.8000', []],
  ['我用的 Chrome 139.0.7258.128', []],
  ['电脑序列号 138-0013-8000 保修吗', []],
  ['升级到v8.0.49后闪退，我电话13800001111', ['phone=13800001111']],
  ['iOS 17.5.1 我电话138.0013.8000', ['phone=13800138000']],
  ['付了138. 13800138000是我电话', ['phone=13800138000']],
  // Two numbers: both.
  ['打13900001111或者15000002222都行', ['phone=13900001111', 'phone=15000002222']],
  ['138 1111 2222 / 139 3333 4444 任意一个', ['phone=13811112222', 'phone=13933334444']],
  ['电话15811112222 备用 13522223333', ['phone=15811112222', 'phone=13522223333']],
  ['电话13812345678.13912345678', ['phone=13812345678', 'phone=13912345678']],
  // WeChat ids need a cue word.
  ['微信：zhang_san88', ['wechat=zhang_san88']],
  ['加我vx Lily-2023', ['wechat=Lily-2023']],
  ['我的V信是wangwu666，晚上联系', ['wechat=wangwu666']],
  ['薇：abc12345', ['wechat=abc12345']],
  ['wechat: john_doe88', ['wechat=john_doe88']],
  ['wxid_a1b2c3d4e5 这是我的', ['wechat=wxid_a1b2c3d4e5']],
  ['微信同号 13800138000', ['phone=13800138000', 'wechat=13800138000']],
  ['电话13800138000，微信就是手机号', ['phone=13800138000', 'wechat=13800138000']],
  ['加微信 13912345678', ['phone=13912345678', 'wechat=13912345678']],
  ['微信怎么加你们', []],
  ['你们有微信吗', []],
  ['没有微信，打电话13800138000', ['phone=13800138000']],
  ['hello123 这个是什么', []],
  ['微信 thanks', []],
  ['微信abc', []],
  ['微信：zhangsan@163.com', []],
  ['微信：zhangsan88.', ['wechat=zhangsan88']],
  ['电话/微信：13800138000', ['phone=13800138000', 'wechat=13800138000']],
  ['加我微信吧，abc_def_123', ['wechat=abc_def_123']],
  ['V：wang888888', ['wechat=wang888888']],
  ['微信号码13800138000', ['phone=13800138000', 'wechat=13800138000']],
  ['我的vx和手机一样 13800138000', ['phone=13800138000', 'wechat=13800138000']],
  ['5v电源 abcdef1', []],
  // 「搜」: how to find the id on WeChat.
  ['微信搜 abc_2020 加我', ['wechat=abc_2020']],
  ['vx搜一下 abc_2020', ['wechat=abc_2020']],
  ['搜微信号abc_2020', ['wechat=abc_2020']],
  ['微信号搜 momo_1122 就行', ['wechat=momo_1122']],
  ['去微信上搜：luna_9527', ['wechat=luna_9527']],
  ['微信搜一下就有', []],
  ['加个v吧 kiki_0707', ['wechat=kiki_0707']],
  ['加v信 miss_chen0101', ['wechat=miss_chen0101']],
  ['电话微信都是 18677778888', ['phone=18677778888', 'wechat=18677778888']],
  ['号码 13344446666（微信同）', ['phone=13344446666', 'wechat=13344446666']],
  ['微信同步不了，电话13344446666', ['phone=13344446666']],
  // Names.
  ['我叫张三', ['name=张三']],
  ['我叫张三，电话13800138000', ['name=张三', 'phone=13800138000']],
  ['我叫李想', ['name=李想']],
  ['我叫王小明想咨询一下', ['name=王小明']],
  ['我叫张三明天再联系', ['name=张三']],
  ['姓名：李四', ['name=李四']],
  ['联系人李娜 13700137000', ['name=李娜', 'phone=13700137000']],
  ['我姓王', ['name=王']],
  ['联系人王小姐', ['name=王小姐']],
  ['免贵姓欧阳', ['name=欧阳']],
  ['我姓李，李先生', ['name=李先生']],
  ['姓李', ['name=李']],
  ['我们姓李的人多', []],
  ['我是王女士，微信wang_li88', ['name=王女士', 'wechat=wang_li88']],
  ['张先生 13800138000', ['name=张先生', 'phone=13800138000']],
  ['王女士，想问下沙发有现货吗', ['name=王女士']],
  ['谢谢张先生', []],
  ['我是张总介绍来的', []],
  ['电话18912340000 找王先生', ['name=王先生', 'phone=18912340000']],
  ['我找王先生', []],
  ['就叫我小张吧 18600007777', ['name=小张', 'phone=18600007777']],
  ['叫我老王就好', ['name=老王']],
  ['叫我小心点', []],
  ['我想买张床', []],
  ['李宁的鞋有吗', []],
  ['我叫了外卖', []],
  ['我是学生', []],
  ['我叫不出名字', []],
  ['我是江苏的', []],
  ['你们老板名字叫王什么', []],
  // Bare answers to the lead question.
  ['张伟', ['name=张伟?'], ['name']],
  ['欧阳娜娜。', ['name=欧阳娜娜?'], ['name']],
  ['张伟', [], ['phone']],
  ['方便', [], ['name']],
  ['马上', [], ['name']],
  ['好的', [], ['name']],
  ['李先生', ['name=李先生'], ['name']],
  ['zhangsan_88', ['wechat=zhangsan_88?'], ['wechat']],
  ['张伟 13800138000', ['name=张伟?', 'phone=13800138000'], ['name', 'phone']],
  ['张伟 13800138000', ['phone=13800138000']],
  ['好的 13800138000', ['phone=13800138000'], ['name', 'phone']],
  ['13800138000', ['phone=13800138000', 'wechat=13800138000?'], ['wechat']],
  ['13800138000', ['phone=13800138000'], ['phone', 'wechat']],
];

describe('extractLeadFields', () => {
  it.each(CASES)('%s → %j', (text, expected, expecting) => {
    expect(summary(text, expecting)).toEqual([...expected].sort());
  });

  it('keeps the customer\'s own words around the match as evidence, at most 40 characters', () => {
    const text = '你好，我想了解一下你们的全屋定制方案，大概多少钱一平米？我的电话是 138 0013 8000，下午三点以后方便接电话，谢谢！';
    const [phone] = extractLeadFields(text);
    expect(phone).toMatchObject({ field: 'phone', value: '13800138000', method: 'regex' });
    expect(phone?.evidence.length).toBeLessThanOrEqual(40);
    expect(phone?.evidence).toContain('138 0013 8000');
  });

  it('cuts evidence from the original text, full-width digits included', () => {
    const [phone] = extractLeadFields('联系我：１３８００１３８０００');
    expect(phone?.evidence).toBe('联系我：１３８００１３８０００');
  });

  it('lists two numbers in the order written, the first as the primary', () => {
    const phones = (text: string) => extractLeadFields(text).filter((f) => f.field === 'phone').map((f) => f.value);
    expect(phones('打15000002222或者13900001111都行')).toEqual(['15000002222', '13900001111']);
    expect(phones('138 1111 2222 / 139 3333 4444')).toEqual(['13811112222', '13933334444']);
  });

  it('reports each value once', () => {
    expect(summary('13800138000，再说一遍13800138000')).toEqual(['phone=13800138000']);
  });
});

describe('what is left besides contact details', () => {
  it.each([
    ['13800138000', true],
    ['我的电话是 138 0013 8000，谢谢', true],
    ['微信：zhang_san88', true],
    ['我叫张三，手机13800138000', true],
    ['联系人：陈小姐 电话 13912345678', true],
    ['这是我电话13800138000', true],
    ['我的手机号码是：13800138000，麻烦尽快联系', true],
    ['电话13800138000 明天上午打给我', true],
    ['行，微信zhang_san88加我', true],
    ['13800138000 明天有货吗', false],
    ['13800138000 运费多少', false],
    ['我叫张三，想问一下你们周末营业吗', false],
  ])('%s → contact only: %s', (text, only) => {
    expect(isOnlyContact(extractLeadDetails(text).rest)).toBe(only);
  });
});

describe('isDecline', () => {
  it.each(['不方便', '不想留', '不用了，谢谢', '不需要', '算了', '暂时不留了', '不给', '手机号就先不给了'])('%s declines', (text) => {
    expect(isDecline(text)).toBe(true);
  });
  it.each(['好的', '13800138000', '可以，稍等', '方便的'])('%s does not', (text) => {
    expect(isDecline(text)).toBe(false);
  });
});

describe('isBareDecline', () => {
  it.each([
    ['不用了，谢谢', true],
    ['暂时不留了哈', true],
    ['不方便！', true],
    ['不方便，运费怎么算', false],
    ['算了，我要投诉', false],
  ])('%s → %s', (text, bare) => {
    expect(isBareDecline(text)).toBe(bare);
  });
});
