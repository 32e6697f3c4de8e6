/** Permission prefix of 抖音配置: channel:douyin:list|query|add|edit|remove|refresh. */
export const PERM = 'channel:douyin';
