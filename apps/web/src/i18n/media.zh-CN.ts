import type { Dictionary } from './en-US';

/** 挂载浏览器的媒体（issue 32 第 2 项）：图片画廊、停靠在页面底部的音频播放器和视频字幕；随浏览器加载。 */
export const mediaZhCN: Dictionary['media'] = {
  gallery: {
    label: '图片画廊',
    previous: '上一张',
    next: '下一张',
    counter: '{{current}} / {{total}}',
    position: '第 {{current}} 张，共 {{total}} 张',
    zoomIn: '放大',
    zoomOut: '缩小',
    zoomReset: '适应窗口',
    zoomLevel: '缩放 {{percent}}%',
    hint: '← → 切换 · 滚轮、双指或双击缩放',
  },
  player: {
    label: '音频播放器',
    play: '播放',
    pause: '暂停',
    previous: '上一首',
    next: '下一首',
    shuffleOn: '随机播放：开',
    shuffleOff: '随机播放：关',
    repeat: {
      off: '循环：关',
      all: '循环：全部',
      one: '循环：单曲',
    },
    close: '关闭播放器',
    seek: '播放进度',
    trackOf: '第 {{current}} 首，共 {{total}} 首',
    playlist: '播放列表 · {{folder}}',
    playTrack: '播放 {{name}}',
    failed: '无法播放“{{name}}”。',
    keepsPlaying: '浏览其他文件夹时，底部的播放器会继续播放。',
  },
  video: {
    subtitles: '字幕',
    found_one: '在视频旁找到 {{count}} 条字幕',
    found_other: '在视频旁找到 {{count}} 条字幕',
    failed: '无法加载字幕“{{name}}”。',
  },
};
