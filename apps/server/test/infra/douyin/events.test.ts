import { describe, expect, it } from 'vitest';
import { parseWebhookBody } from '../../../src/infra/douyin/events';
import { enterDirectMessageEvent, receiveMessageEvent, verifyWebhookEvent } from '../../fakes/douyin/webhook';

const party = { clientKey: 'awkey', fromUserId: 'customer-1', toUserId: 'account-1', nickname: '小明', avatar: 'https://p.example/a.jpg' };

describe('parseWebhookBody', () => {
  it('reads verify_webhook', () => {
    expect(parseWebhookBody(verifyWebhookEvent(12345))).toEqual({ type: 'verify_webhook', challenge: 12345 });
    expect(parseWebhookBody({ event: 'verify_webhook', client_key: '', content: {} })).toEqual({ type: 'invalid' });
  });

  it('reads a text im_receive_msg into a typed event', () => {
    const body = receiveMessageEvent({ ...party, text: '营业时间？', conversationId: 'conv-7', serverMessageId: '7300000000000000001', createTime: 1_732_000_000_000 });
    expect(parseWebhookBody(body)).toEqual({
      type: 'event',
      event: {
        type: 'im_receive_msg',
        clientKey: 'awkey',
        fromUserId: 'customer-1',
        toUserId: 'account-1',
        logId: body.log_id,
        conversationId: 'conv-7',
        serverMessageId: '7300000000000000001',
        conversationType: 1,
        messageType: 'text',
        text: '营业时间？',
        source: '',
        createdAt: new Date(1_732_000_000_000),
        users: [{ openId: 'customer-1', nickname: '小明', avatar: 'https://p.example/a.jpg' }],
      },
    });
  });

  it('reads content given as a JSON string, numeric ids, and seconds timestamps', () => {
    const body = receiveMessageEvent({ ...party, text: 'hi', contentAsString: true });
    expect(typeof body.content).toBe('string');
    expect(parseWebhookBody(body)).toMatchObject({ type: 'event', event: { type: 'im_receive_msg', text: 'hi' } });

    const numeric = { event: 'im_receive_msg', from_user_id: 'c', to_user_id: 'a', content: { conversation_short_id: 123, server_message_id: 456, message_type: 'text', text: 't', create_time: 1_732_000_000 } };
    expect(parseWebhookBody(numeric)).toMatchObject({ event: { conversationId: '123', serverMessageId: '456', createdAt: new Date(1_732_000_000_000), users: [] } });
  });

  it('a non-text message has no text; the source tells API sends apart', () => {
    const image = receiveMessageEvent({ ...party, messageType: 'image' });
    expect(parseWebhookBody(image)).toMatchObject({ event: { messageType: 'image', text: null } });
    const viaApi = { ...image, content: { ...image.content as object, message_type: 'text', text: 'x', source: 'awkey' } };
    expect(parseWebhookBody(viaApi)).toMatchObject({ event: { source: 'awkey' } });
  });

  it('reads im_enter_direct_msg with its ad attribution', () => {
    const body = enterDirectMessageEvent({ ...party, objectId: 'video-1', adId: 'ad-9' });
    expect(parseWebhookBody(body)).toMatchObject({
      type: 'event',
      event: {
        type: 'im_enter_direct_msg',
        fromUserId: 'customer-1',
        toUserId: 'account-1',
        conversationId: 'conv-account-1-customer-1',
        objectId: 'video-1',
        sceneType: '1',
        adInfo: { advertiserId: '1001', adId: 'ad-9', adName: '测试广告', creativeId: '2001', promotionId: '3001' },
        users: [{ openId: 'customer-1', nickname: '小明' }],
      },
    });
    expect(parseWebhookBody({ event: 'im_enter_direct_msg', from_user_id: 'c', to_user_id: 'a' })).toMatchObject({ type: 'event', event: { type: 'im_enter_direct_msg', users: [] } });
  });

  it('reports events it does not act on as unknown instead of failing', () => {
    expect(parseWebhookBody({ event: 'im_send_msg', client_key: 'awkey', from_user_id: 'a', to_user_id: 'c', content: { anything: true } })).toEqual({
      type: 'event',
      event: { type: 'unknown', event: 'im_send_msg', clientKey: 'awkey', fromUserId: 'a', toUserId: 'c' },
    });
    expect(parseWebhookBody({ event: 'unauthorize', content: '{"scopes":[]}' })).toMatchObject({ event: { type: 'unknown', event: 'unauthorize' } });
  });

  it('refuses malformed bodies', () => {
    for (const bad of [
      null,
      'text',
      [],
      {},
      { event: '' },
      { event: 'im_receive_msg', from_user_id: 'c', to_user_id: 'a', content: '{not json' },
      { event: 'im_receive_msg', from_user_id: 'c', to_user_id: 'a', content: { message_type: 'text' } },
      { event: 'im_receive_msg', to_user_id: 'a', content: { conversation_short_id: '1', server_message_id: '2', message_type: 'text' } },
      { event: 'im_enter_direct_msg', from_user_id: 'c' },
      { event: 'x', content: 5 },
    ]) {
      expect(parseWebhookBody(bad)).toEqual({ type: 'invalid' });
    }
  });
});
